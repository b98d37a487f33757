import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import type { Site, SiteText } from './types.ts';

/**
 * The English site: the facts of the French site.md (one source of truth) with the texts of
 * content/en/site.md. Its hours and promises are the French ones translated, so they must come in
 * the same number and order (same icons): a fact cannot drift between the two languages.
 */
export function englishSite(site: Site, text: SiteText, file: string, frenchFile: string): { site: Site } | { issues: RuleDiagnostic[] } {
  const issues: RuleDiagnostic[] = [];
  if (text.hours.length !== site.hours.length) {
    issues.push({ file, field: 'hours', message: `${site.hours.length} lignes d’heures attendues, dans l’ordre de ${frenchFile} (reçu : ${text.hours.length})` });
  }
  text.promises.forEach((p, i) => {
    const icon = site.promises[i]?.icon;
    if (p.icon !== icon) issues.push({ file, field: `promises[${i}].icon`, message: `doit être « ${icon} », l’icône du même engagement dans ${frenchFile}` });
  });
  if (issues.length > 0) return { issues };
  const { privacy } = site;
  return {
    site: {
      ...site,
      tagline: text.tagline,
      hours: site.hours.map((h, i) => ({ ...h, label: text.hours[i]!.label, value: text.hours[i]!.value })),
      promises: text.promises,
      footer: text.footer,
      wire: { ...site.wire, text: text.wire.text },
      privacy: {
        ...privacy,
        officer: { ...privacy.officer, title: text.privacy.officer.title },
        retention: text.privacy.retention,
        processor: { ...privacy.processor, region: text.privacy.processor.region },
      },
      blurbHtml: text.blurbHtml,
    },
  };
}
