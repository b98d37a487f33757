import type { ContentFile } from '../../content/content-files.ts';
import { checkHeaders, headersFile } from '../../emit/headers-file.ts';
import type { Route } from '../../site/routes.ts';
import { readFileSync } from 'node:fs';
import { launchChecklist } from '../../content/launch-checklist.ts';
import { mayBeScaffold } from '../../content/scaffold-leftovers.ts';
import type { SharedContent } from '../../site/site-content.ts';
import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import { BrokenLinksError } from '../build-errors.ts';
import { ContentError } from '../../content/content-error.ts';
import { crossLanguageIssue, findCrossLanguageLinks } from '../language-links.ts';
import { findBrokenLinks, sitemapRefs } from '../check-links.ts';
import { locateLinkSources } from '../link-sources.ts';
import { ownFile } from '../page-sources.ts';
import { productionWebhookProblem } from '../production-webhook.ts';
import type { EmittedFiles } from './emit-files.ts';
import type { RenderedPages } from './render-pages.ts';

/**
 * What must be replaced before the site goes live (src/content/launch-checklist.ts), read from the
 * content files as the editor wrote them: site.md, home.md and the files that may name an address
 * (`namingAddresses`), the others holding nothing the list looks for. Only `npm run build` asks: a
 * production build refuses to go on while the list is not empty, any other prints it as a reminder.
 */
export function launchChecklistOf(
  { files, namingAddresses }: { files: readonly ContentFile[]; namingAddresses: ReadonlySet<string> },
  webhook: { url: string; source: 'QUOTE_WEBHOOK_URL' | 'content/site.md' },
  siteUrl: string | undefined,
  { cities, site }: Pick<SharedContent, 'cities' | 'site'>,
): RuleDiagnostic[] {
  const role = (f: ContentFile) => (f.kind.type === 'site' ? 'site' : f.kind.type === 'page' && f.kind.page === 'home' ? 'home' : undefined);
  // A city is read again only when its summary says it may still be the scaffold (src/content/scaffold-leftovers.ts).
  const company = { geo: site.geo, locality: site.address.locality };
  const scaffolds = new Map(cities.filter((c) => mayBeScaffold(c, company)).map((c) => [c.file, c.name]));
  return launchChecklist({
    files: files
      .filter((f) => role(f) || namingAddresses.has(f.path) || scaffolds.has(f.file))
      .map((f) => ({ file: f.file, text: readFileSync(f.path, 'utf8'), ...(role(f) ? { role: role(f)! } : {}), ...(scaffolds.has(f.file) ? { city: scaffolds.get(f.file)! } : {}) })),
    siteUrl,
    webhook: { ...webhook, problem: productionWebhookProblem(webhook.url) },
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
}

/**
 * Every internal link of every page and of the sitemap leads to a file of the site, and no
 * English page sends its reader to a French page that has an English version; either is sent
 * back to where it was written.
 */
export function checkLinks({ routes, pages, emitted, files, baseUrl }: LinksInput): void {
  // An alias is its page under another address, same links: each page is checked, and named, at its primary address.
  const primary = routes.filter((r) => r.path === r.canonical);
  const linked: [string, readonly string[]][] = primary.map((r) => [r.path, pages.records.get(pages.keys.get(r.page)!)!.refs]);
  linked.push(['/sitemap.xml', sitemapRefs(emitted.sitemap)]);
  const broken = findBrokenLinks(linked, (f) => emitted.outputs.has(f), baseUrl);
  const addresses = primary.filter((r) => r.indexable || r.path === '/').map((r) => r.path);
  if (broken.length > 0) throw new BrokenLinksError(locateLinkSources(broken, files, ownFile(routes, files), baseUrl, addresses));
  const crossed = findCrossLanguageLinks(routes, (r) => pages.records.get(pages.keys.get(r.page)!)!.refs, baseUrl);
  if (crossed.length > 0) {
    const english = new Map(crossed.map((link) => [link.target, link.english]));
    const places = locateLinkSources(crossed, files, ownFile(routes, files), baseUrl, addresses);
    throw new ContentError(places.map((place) => crossLanguageIssue(place, english.get(place.target)!)));
  }
}
