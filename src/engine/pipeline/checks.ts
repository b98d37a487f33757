import type { ContentFile } from '../../content/content-files.ts';
import { checkHeaders, headersFile } from '../../emit/headers-file.ts';
import type { Route } from '../../site/routes.ts';
import type { LinkDiagnostic } from '../../shared/diagnostic.ts';
import { BrokenLinksError } from '../build-errors.ts';
import { ContentError } from '../../content/content-error.ts';
import { crossLanguageIssue, findCrossLanguageLinks } from '../language-links.ts';
import { type BrokenLink, findBrokenLinks, sitemapRefs } from '../check-links.ts';
import { LOCALE_NAMES, type Locale } from '../../shared/locales.ts';
import { PATHS } from '../../site/paths.ts';
import { locateLinkSources } from '../link-sources.ts';
import { ownFile } from '../page-sources.ts';

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
