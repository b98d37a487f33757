import type { ContentFile } from '../../content/content-files.ts';
import { checkHeaders, headersFile } from '../../emit/headers-file.ts';
import { outputFile } from '../../site/paths.ts';
import type { Route } from '../../site/routes.ts';
import { readFileSync } from 'node:fs';
import { launchChecklist } from '../../content/launch-checklist.ts';
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
): RuleDiagnostic[] {
  const role = (f: ContentFile) => (f.kind.type === 'site' ? 'site' : f.kind.type === 'page' && f.kind.page === 'home' ? 'home' : undefined);
  return launchChecklist({
    files: files.filter((f) => role(f) || namingAddresses.has(f.path)).map((f) => ({ file: f.file, text: readFileSync(f.path, 'utf8'), ...(role(f) ? { role: role(f)! } : {}) })),
    siteUrl,
    webhook: { ...webhook, problem: productionWebhookProblem(webhook.url) },
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
  const linked: [string, readonly string[]][] = routes.map((r) => [outputFile(r.path), pages.records.get(pages.keys.get(r.page)!)!.refs]);
  linked.push(['sitemap.xml', sitemapRefs(emitted.sitemap)]);
  const broken = findBrokenLinks(linked, (f) => emitted.outputs.has(f), baseUrl);
  if (broken.length > 0) throw new BrokenLinksError(locateLinkSources(broken, files, ownFile(routes, files), baseUrl));
  const crossed = findCrossLanguageLinks(routes, (r) => pages.records.get(pages.keys.get(r.page)!)!.refs, baseUrl);
  if (crossed.length > 0) {
    const places = locateLinkSources(crossed, files, ownFile(routes, files), baseUrl);
    throw new ContentError(crossed.map((link, i) => crossLanguageIssue(link, places[i]!)));
  }
}
