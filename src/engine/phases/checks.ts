import type { ContentFile } from '../../content/content-files.ts';
import { checkHeaders, headersFile } from '../../emit/headers-file.ts';
import type { Route } from '../../site/routes.ts';
import { readFileSync } from 'node:fs';
import { launchChecklist } from '../../content/launch-checklist.ts';
import { mayBeScaffold } from '../../content/scaffold-leftovers.ts';
import type { SiteContents } from '../../site/site-content.ts';
import type { LinkDiagnostic, RuleDiagnostic } from '../../shared/diagnostic.ts';
import { BrokenLinksError } from '../build-errors.ts';
import { ContentError } from '../../content/content-error.ts';
import { crossLanguageIssue, findCrossLanguageLinks } from '../language-links.ts';
import { type BrokenLink, findBrokenLinks, sitemapRefs } from '../check-links.ts';
import { LOCALE_NAMES, type Locale } from '../../shared/locales.ts';
import { PATHS } from '../../site/paths.ts';
import { locateLinkSources } from '../link-sources.ts';
import { ownFile } from '../page-sources.ts';
import { productionWebhookProblem } from '../production-webhook.ts';
import type { EmittedFiles } from './emit-files.ts';
import type { RenderedPages } from './render-pages.ts';
import type { Webhook } from './site-data.ts';

/**
 * What must be replaced before the site goes live (src/content/launch-checklist.ts), read from the
 * content files as the editor wrote them: site.md, home.md and the files that may name an address
 * (`namingAddresses`), the others holding nothing the list looks for. Only `npm run build` asks: a
 * production build refuses to go on while the list is not empty, any other prints it as a reminder.
 */
export function launchChecklistOf(
  { files, namingAddresses }: { files: readonly ContentFile[]; namingAddresses: ReadonlySet<string> },
  webhook: Webhook,
  siteUrl: string | undefined,
  contents: SiteContents,
): RuleDiagnostic[] {
  const { site } = contents.fr;
  const cities = [contents.fr, ...(contents.en ? [contents.en] : [])].flatMap((c) => c.cities.map((city) => ({ city, locale: c.locale })));
  const role = (f: ContentFile) => (f.kind.type === 'site' ? 'site' : f.kind.type === 'page' && f.kind.page === 'home' ? 'home' : undefined);
  // A city is read again only when its summary says it may still be the scaffold (src/content/scaffold-leftovers.ts).
  const company = { geo: site.geo, locality: site.address.locality };
  const scaffolds = new Map(cities.filter(({ city, locale }) => mayBeScaffold(city, company, locale)).map(({ city, locale }) => [city.file, { city: city.name, locale }]));
  return launchChecklist({
    files: files
      .filter((f) => role(f) || namingAddresses.has(f.path) || scaffolds.has(f.file))
      .map((f) => ({ file: f.file, text: readFileSync(f.path, 'utf8'), ...(role(f) ? { role: role(f)! } : {}), ...scaffolds.get(f.file) })),
    siteUrl,
    // In relay mode the page posts to the Worker's /api/quote: the webhook is the Worker's secret.
    webhook: { ...webhook, problem: webhook.delivery === 'relay' ? undefined : productionWebhookProblem(webhook.url) },
    company,
  }).map((d) => ({ ...d, kind: 'launch' as const }));
}

/** The _headers file, refused if the host would read it otherwise than meant (two rules joined into one header). */
export function checkedHeadersFile(webhook: string): string {
  const headers = headersFile({ webhook });
  const problems = checkHeaders(headers);
  if (problems.length > 0) throw new Error(`_headers refusé par les règles de l’hébergeur :\n  ${problems.join('\n  ')}`);
  return headers;
}

export interface LinksInput {
  routes: Route[];
  pages: RenderedPages;
  emitted: EmittedFiles;
  files: ContentFile[];
  baseUrl: string;
  /** What the last check of this engine found whole. */
  before?: CheckedLinks | undefined;
}

/**
 * What a link check found whole: the site's files then, and the lists of links (each page's
 * `refs`, kept from build to build with its page) that all led to one of them. A list the next
 * check meets again, over the same files, leads there still.
 */
export interface CheckedLinks {
  baseUrl: string;
  files: ReadonlySet<string>;
  whole: WeakSet<readonly string[]>;
}

/**
 * Every internal link of every page and of the sitemap leads to a file of the site, and no
 * English page sends its reader to a French page that has an English version; either is sent
 * back to where it was written. With `before`, over the same files, only the pages rendered since
 * and the sitemap are checked again: the live preview's save of one city checks one page's links.
 */
export function checkLinks({ routes, pages, emitted, files, baseUrl, before }: LinksInput): CheckedLinks {
  // An alias is its page under another address, same links: each page is checked, and named, at its primary address.
  const primary = routes.filter((r) => r.path === r.canonical);
  const known = before && before.baseUrl === baseUrl && sameFiles(before.files, emitted.outputs) ? before.whole : undefined;
  const linked: [string, readonly string[]][] = primary.map((r) => [r.path, pages.records.get(pages.keys.get(r.page)!)!.refs]);
  const sitemap: [string, readonly string[]] = ['/sitemap.xml', sitemapRefs(emitted.sitemap)];
  const toCheck = [...(known ? linked.filter(([, refs]) => !known.has(refs)) : linked), sitemap];
  const broken = findBrokenLinks(toCheck, (f) => emitted.outputs.has(f), baseUrl);
  // Made only for a build that fails: it maps every page to its file.
  const locateIn = (links: readonly BrokenLink[]) => linkLocator(primary, files, ownFile(routes, files), baseUrl)(links);
  if (broken.length > 0) throw new BrokenLinksError(locateIn(broken));
  const crossed = findCrossLanguageLinks(routes, (r) => pages.records.get(pages.keys.get(r.page)!)!.refs, baseUrl);
  if (crossed.length > 0) {
    const english = new Map(crossed.map((link) => [link.target, link.english]));
    throw new ContentError(locateIn(crossed).map((place) => crossLanguageIssue(place, english.get(place.target)!)));
  }
  const whole = known ?? new WeakSet();
  for (const [, refs] of linked) whole.add(refs);
  return { baseUrl, files: new Set(emitted.outputs.keys()), whole };
}

function sameFiles(before: ReadonlySet<string>, now: ReadonlyMap<string, unknown>): boolean {
  if (before.size !== now.size) return false;
  for (const path of now.keys()) if (!before.has(path)) return false;
  return true;
}

/**
 * Where links were written, each page's links with the addresses of its own language as the ones
 * an editor may have meant: a French page is never told to link an English address.
 */
function linkLocator(primary: Route[], files: ContentFile[], ownFile: (page: string) => string | undefined, baseUrl: string) {
  const localeOf = new Map(primary.map((r) => [r.path, r.locale]));
  const addresses = (locale: Locale) => primary.filter((r) => r.locale === locale && (r.indexable || r.path === PATHS[locale].home)).map((r) => r.path);
  return (links: readonly BrokenLink[]): LinkDiagnostic[] =>
    LOCALE_NAMES.flatMap((locale) => {
      const mine = links.filter((l) => (localeOf.get(l.page) ?? 'fr') === locale);
      return mine.length > 0 ? locateLinkSources(mine, files, ownFile, baseUrl, addresses(locale)) : [];
    });
}
