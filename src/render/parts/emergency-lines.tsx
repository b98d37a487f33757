import type { Site } from '../../content/types.ts';
import { PhoneLink } from './contact-links.tsx';
import { useSite } from './site-context.tsx';

/**
 * The first screen of a page tells someone whose tree just fell what to do (issue 27): the
 * footer's emergency line and the phone, in the hero, since the emergency sections come far below.
 */
export function FallenTreeLine() {
  const { site } = useSite();
  return (
    <p className="hero-alert">
      {site.footer.emergencyText} <PhoneLink />
    </p>
  );
}

/** site.md's one instruction for a tree on a power line, with the distributor of the page's province. */
export function wireText(site: Site, province = 'QC'): string {
  return site.wire.text.replaceAll('{utility}', province === 'ON' ? site.wire.utilityOntario : site.wire.utility);
}

export function WireNotice({ province, className = 'note' }: { province?: string; className?: string }) {
  const { site } = useSite();
  return (
    <p className={className} role="note">
      {wireText(site, province)}
    </p>
  );
}
