import type { ContentFile } from '../../content/content-files.ts';
import { checkHeaders, headersFile } from '../../emit/headers-file.ts';
import type { Route } from '../../site/routes.ts';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { type ChecklistInput, launchChecklist } from '../../content/launch-checklist.ts';
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
import type { Webhook } from './site-data.ts';

/**
 * What must be replaced before the site goes live (src/content/launch-checklist.ts), read from the
 * content files as the editor wrote them: site.md, home.md and the files that may name an address
 * (`namingAddresses`), the others holding nothing the list looks for. Only `npm run build` asks: a
 * production build refuses to go on while the list is not empty, any other prints it as a reminder.
 */
export function launchChecklistOf(...args: Parameters<typeof checklistInputOf>): RuleDiagnostic[] {
  return launchItems(launchChecklist(checklistInputOf(...args)));
}

/** The checklist's items as the build reports them. */
export function launchItems(found: RuleDiagnostic[]): RuleDiagnostic[] {
  return found.map((d) => ({ ...d, kind: 'launch' as const }));
}

/**
 * The Worker's configuration of the project whose content this is: wrangler.jsonc beside the
 * content folder (content/ in the repository), named as the checklist shows files. A content
 * folder elsewhere (a test's copy) has none.
 */
export function deployConfigBeside(contentDir: string): ChecklistInput['deployConfig'] {
  const path = join(dirname(resolve(contentDir)), 'wrangler.jsonc');
  return existsSync(path) ? { file: relative(process.cwd(), path), text: readFileSync(path, 'utf8') } : undefined;
}

/** What the checklist reads: the few files that may hold what it looks for, where the form posts, and the Worker's routes. */
export function checklistInputOf(
  { files, namingAddresses }: { files: readonly ContentFile[]; namingAddresses: ReadonlySet<string> },
  webhook: Webhook,
  siteUrl: string | undefined,
  contents: SiteContents,
  deployConfig?: ChecklistInput['deployConfig'],
): ChecklistInput {
  const { site } = contents.fr;
  const cities = [contents.fr, ...(contents.en ? [contents.en] : [])].flatMap((c) => c.cities.map((city) => ({ city, locale: c.locale })));
  const role = (f: ContentFile) => (f.kind.type === 'site' ? 'site' : f.kind.type === 'page' && f.kind.page === 'home' ? 'home' : undefined);
  // A city is read again only when its summary says it may still be the scaffold (src/content/scaffold-leftovers.ts).
  const company = { geo: site.geo, locality: site.address.locality };
  const scaffolds = new Map(cities.filter(({ city, locale }) => mayBeScaffold(city, company, locale)).map(({ city, locale }) => [city.file, { city: city.name, locale }]));
  return {
    files: files
      .filter((f) => role(f) || namingAddresses.has(f.path) || scaffolds.has(f.file))
      .map((f) => ({ file: f.file, text: readFileSync(f.path, 'utf8'), ...(role(f) ? { role: role(f)! } : {}), ...scaffolds.get(f.file) })),
    siteUrl,
    // In relay mode the page posts to the Worker's /api/quote: the webhook is the Worker's secret.
    webhook: { ...webhook, problem: webhook.delivery === 'relay' ? undefined : productionWebhookProblem(webhook.url) },
    company,
    deployConfig,
  };
}

/** The _headers file, refused if the host would read it otherwise than meant (two rules joined into one header). */
export function checkedHeadersFile(webhook: string, inline: { style: string; script: string }): string {
  const headers = headersFile({ webhook, ...inline });
  const problems = checkHeaders(headers);
  if (problems.length > 0) throw new Error(`_headers refusé par les règles de l’hébergeur :\n  ${problems.join('\n  ')}`);
  return headers;
}

export interface LinksInput {
  routes: Route[];
  /** The addresses a page links to. */
  refsOf: (page: Route['page']) => readonly string[];
  /** Whether dist/ has a file (or will make it on request: a share card, a photo in the live preview). */
  has: (file: string) => boolean;
  sitemap: string;
  files: ContentFile[];
  baseUrl: string;
  /**
   * Lists of links (each page's `refs`, kept from build to build with its page) that an earlier
   * check over the same files found whole: they lead there still, and are not checked again.
   */
  known?: WeakSet<readonly string[]> | undefined;
}

/**
 * Every internal link of every page and of the sitemap leads to a file of the site, and no
 * English page sends its reader to a French page that has an English version; either is sent
 * back to where it was written. Returns the lists of links found whole (with `known`, the live
 * preview's save of one city checks that page's links and the sitemap, no more).
 */
export function checkLinks({ routes, refsOf, has, sitemap, files, baseUrl, known }: LinksInput): WeakSet<readonly string[]> {
  // An alias is its page under another address, same links: each page is checked, and named, at its primary address.
  const primary = routes.filter((r) => r.path === r.canonical);
  const linked: [string, readonly string[]][] = primary.map((r) => [r.path, refsOf(r.page)]);
  const toCheck = [...(known ? linked.filter(([, refs]) => !known.has(refs)) : linked), ['/sitemap.xml', sitemapRefs(sitemap)] as [string, readonly string[]]];
  const broken = findBrokenLinks(toCheck, has, baseUrl);
  // Made only for a build that fails: it maps every page to its file.
  const locateIn = (links: readonly BrokenLink[]) => linkLocator(primary, files, ownFile(routes, files), baseUrl)(links);
  if (broken.length > 0) throw new BrokenLinksError(locateIn(broken));
  const crossed = findCrossLanguageLinks(routes, (r) => refsOf(r.page), baseUrl);
  if (crossed.length > 0) {
    const english = new Map(crossed.map((link) => [link.target, link.english]));
    throw new ContentError(locateIn(crossed).map((place) => crossLanguageIssue(place, english.get(place.target)!)));
  }
  const whole = known ?? new WeakSet();
  for (const [, refs] of linked) whole.add(refs);
  return whole;
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
