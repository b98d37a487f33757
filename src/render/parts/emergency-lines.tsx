import type { Site } from '../../content/types.ts';
import { PhoneLink } from './contact-links.tsx';
import { useLocale, useSite } from './site-context.tsx';

/**
 * The first screen of a page tells someone whose tree just fell what to do: the footer's
 * emergency line and the phone, in the hero, since the emergency sections come far below.
 */
export function FallenTreeLine() {
  const { site } = useSite();
  return (
    <p className="hero-alert">
      {site.footer.emergencyText} <PhoneLink />
    </p>
  );
}

/** « A, B ou C »: a list of names as a sentence says it. */
function listOf(names: readonly string[], or: string): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} ${or} ${names.at(-1)}`;
}

/**
 * site.md's one instruction for a tree on a power line, with the distributors of the page's
 * province: Québec's on a city in QC, Ontario's on a city in ON, and all of them on a page that
 * serves both sides of the river (no province).
 */
export function wireText(site: Site, or: string, province?: string): string {
  const { utility, utilityOntario } = site.wire;
  const names = province === 'ON' ? utilityOntario : province ? [utility] : [utility, ...utilityOntario];
  return site.wire.text.replaceAll('{utility}', listOf(names, or));
}

export function WireNotice({ province, className = 'note' }: { province?: string; className?: string }) {
  const { data, t } = useLocale();
  return (
    <p className={className} role="note">
      {wireText(data.site, t.or, province)}
    </p>
  );
}
