import { ContentError } from '../../content/content-error.ts';
import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import type { ContentFile } from '../../content/content-files.ts';
import { crossCheck } from '../../content/cross-check.ts';
import { englishSite } from '../../content/english-site.ts';
import type { Entry } from '../../content/parse-entry.ts';
import { checkPairs, type PairedFile } from '../../content/pairing.ts';
import type { CitySummary, Service, Site, SiteText } from '../../content/types.ts';
import type { Locale } from '../../shared/locales.ts';
import type { Pages } from '../../site/page-kinds.ts';
import { buildRoutes, type Route } from '../../site/routes.ts';
import type { SharedContent, SiteContents } from '../../site/site-content.ts';

/**
 * What assembling needs of one parsed file: its problems, or its entry. A city is its summary:
 * the site's content lists cities, only a city's own page shows the whole of it.
 */
export type ParsedFile = { issues: RuleDiagnostic[] } | { city: CitySummary } | { entry: Exclude<Entry, { type: 'city' }> };

export interface AssembledContent {
  contents: SiteContents;
  /** Every city page's city, French then English, each sorted by `order`. */
  cities: { summary: CitySummary; file: ContentFile }[];
  /** The French files that say `frenchOnly: true`: the build summary lists them. */
  frenchOnly: string[];
  /** Every page's addresses (site/routes.ts). */
  routes: Route[];
}

/** What the files of one language hold, gathered before they are checked together. */
interface Parts {
  services: Service[];
  cities: AssembledContent['cities'];
  pages: Record<string, unknown>;
  servicesValid: boolean;
  siteText?: { value: SiteText; file: string };
}

/**
 * The parsed entries put together into the site's content, in each language, checked across
 * files and across languages, and the routes of its pages. Every problem of every file (the folder's, each file's, the
 * cross-file and pairing rules') is thrown at once, in file order, as one ContentError: an editor
 * fixes them all in one pass. `site` is the French site.md's entry, null when it was rejected.
 */
export function assembleContent(files: readonly ContentFile[], folderIssues: readonly RuleDiagnostic[], parsedOf: (file: ContentFile) => ParsedFile, site: Site | null, siteUrl?: string): AssembledContent {
  const issues: RuleDiagnostic[] = [...folderIssues];
  const parts: Record<Locale, Parts> = { fr: emptyParts(), en: emptyParts() };
  const pairs: PairedFile[] = [];
  for (const f of files) {
    const mine = parts[f.locale];
    const parsed = parsedOf(f);
    if ('issues' in parsed) {
      issues.push(...parsed.issues);
      if (f.kind.type === 'service') mine.servicesValid = false;
      if (f.kind.type === 'service' || f.kind.type === 'city') pairs.push({ file: f.file, locale: f.locale, pairKey: f.pairKey });
    } else if ('city' in parsed) {
      const summary = parsed.city;
      mine.cities.push({ summary, file: f });
      pairs.push({ file: f.file, locale: f.locale, pairKey: f.pairKey, frenchOnly: summary.frenchOnly, shared: { slug: summary.slug, formValue: summary.formValue ?? summary.slug } });
    } else if (f.kind.type !== 'site' || f.locale !== 'fr') {
      const { entry } = parsed;
      if (entry.type === 'service') {
        mine.services.push(entry.value);
        pairs.push({ file: f.file, locale: f.locale, pairKey: f.pairKey, frenchOnly: entry.value.frenchOnly, shared: { formValue: entry.value.formValue } });
      } else if (entry.type === 'page') mine.pages[entry.page] = entry.value;
      else if (entry.type === 'site-text') mine.siteText = { value: entry.value, file: f.file };
    }
  }
  const english = files.some((f) => f.locale === 'en');
  // Checked in file order, so « déjà utilisé » names the file that comes first in its folder.
  for (const locale of english ? (['fr', 'en'] as const) : (['fr'] as const)) {
    const { services, cities, servicesValid } = parts[locale];
    issues.push(...crossCheck(services, cities.map((c) => c.summary), servicesValid));
  }
  if (english) issues.push(...checkPairs(pairs, (fr) => `${fr.file.slice(0, -fr.pairKey.length)}en/${fr.pairKey}`));
  if (site && siteUrl) site = { ...site, baseUrl: siteUrl.replace(/\/+$/, '') };
  const siteFile = files.find((f) => f.kind.type === 'site' && f.locale === 'fr')?.file ?? 'site.md';
  const text = parts.en.siteText;
  const enSite = site && text ? englishSite(site, text.value, text.file, siteFile) : undefined;
  if (enSite && 'issues' in enSite) issues.push(...enSite.issues);
  if (issues.length > 0 || !site) throw new ContentError(issues);
  const contents: SiteContents = { fr: localeContent('fr', site, parts.fr) };
  if (enSite && 'site' in enSite) contents.en = localeContent('en', enSite.site, parts.en);
  return {
    contents,
    cities: [...parts.fr.cities, ...(contents.en ? parts.en.cities : [])],
    frenchOnly: pairs.filter((p) => p.locale === 'fr' && p.frenchOnly).map((p) => p.file),
    routes: buildRoutes(contents),
  };
}

function emptyParts(): Parts {
  return { services: [], cities: [], pages: {}, servicesValid: true };
}

/** One language's content, sorted; `parts.cities` is sorted in place, so the render order follows. */
function localeContent(locale: Locale, site: Site, parts: Parts): SharedContent {
  parts.services.sort((a, b) => a.order - b.order);
  parts.cities.sort((a, b) => a.summary.order - b.summary.order);
  return { locale, site, services: parts.services, cities: parts.cities.map((c) => c.summary), pages: parts.pages as unknown as Pages };
}
