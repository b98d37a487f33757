import { fileURLToPath } from 'node:url';
import { loadContent } from '../content/load-content.ts';
import type { Content } from '../content/types.ts';
import { webManifest } from '../seo/manifest.ts';
import { robotsTxt, sitemapXml } from '../seo/sitemap.ts';
import { buildRoutes, outputFile, type PageRef, type Route } from '../site/routes.ts';
import type { SiteData } from '../templates/parts/site-context.tsx';
import { bundleClient } from './bundle-client.ts';
import { findBrokenLinks } from './check-links.ts';
import { readPublicFiles } from './public-files.ts';
import { renderPage } from './render-page.tsx';
import { buildStyles } from './styles.ts';

export interface BuildOptions {
  contentDir: string;
  publicDir?: string;
  /** Overrides the site config's base URL (env SITE_URL), e.g. for a staging host. */
  siteUrl?: string | undefined;
  /** Overrides the site config's quote webhook (env QUOTE_WEBHOOK_URL). */
  quoteWebhook?: string | undefined;
  now?: Date;
}

export interface BuiltSite {
  /** Every output file, keyed by its path under dist/. */
  files: Map<string, string | Uint8Array>;
  routes: Route[];
  content: Content;
  webhook: { url: string; source: 'QUOTE_WEBHOOK_URL' | 'content/site.md' };
  /** Milliseconds spent in each phase, for the benchmark. */
  timings: { content: number; assets: number; render: number; links: number };
}

export class BrokenLinksError extends Error {
  constructor(readonly broken: { page: string; target: string }[]) {
    super(`Liens internes brisés (${broken.length}) :\n${broken.map((b) => `  ${b.page} → ${b.target}`).join('\n')}`);
    this.name = 'BrokenLinksError';
  }
}

const DEFAULT_PUBLIC = fileURLToPath(new URL('../../public', import.meta.url));

/** content/ → every file of dist/, in memory. Nothing here touches the output folder. */
export async function buildSite(options: BuildOptions): Promise<BuiltSite> {
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };
  const loaded = loadContent(options.contentDir);
  const contentMs = lap();
  const content: Content = options.siteUrl
    ? { ...loaded, site: { ...loaded.site, baseUrl: options.siteUrl.replace(/\/+$/, '') } }
    : loaded;
  const routes = buildRoutes(content);
  const [client, styles] = await Promise.all([bundleClient(), buildStyles()]);
  const assetsMs = lap();
  const webhook = options.quoteWebhook
    ? { url: options.quoteWebhook, source: 'QUOTE_WEBHOOK_URL' as const }
    : { url: content.site.quoteWebhook, source: 'content/site.md' as const };

  const data: SiteData = {
    ...content,
    featuredCities: content.cities.filter((c) => c.featured),
    assets: { css: `/${styles.path}`, js: client.entry },
    buildYear: (options.now ?? new Date()).getFullYear(),
    quoteWebhook: webhook.url,
  };

  const files = new Map<string, string | Uint8Array>(readPublicFiles(options.publicDir ?? DEFAULT_PUBLIC));
  for (const [path, body] of client.files) files.set(path, body);
  files.set(styles.path, styles.css);

  // An alias is the same page with the same canonical: render each page once.
  const rendered = new Map<PageRef, string>();
  for (const route of routes) {
    let html = rendered.get(route.page);
    if (html === undefined) {
      html = renderPage(route, data);
      rendered.set(route.page, html);
    }
    files.set(outputFile(route.path), html);
  }
  files.set('sitemap.xml', sitemapXml(content.site.baseUrl, routes));
  files.set('robots.txt', robotsTxt(content.site.baseUrl));
  files.set('site.webmanifest', webManifest(content.site));
  const renderMs = lap();

  const broken = findBrokenLinks(files, content.site.baseUrl);
  if (broken.length > 0) throw new BrokenLinksError(broken);
  const timings = { content: contentMs, assets: assetsMs, render: renderMs, links: lap() };
  return { files, routes, content, webhook, timings };
}
