import type { Route } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Primary, indexable URLs only: aliases and the not-found page stay out. `lastmod`: W3C date-time, when known. */
export function sitemapXml(baseUrl: string, routes: Route[], lastmod: (route: Route) => string | undefined = () => undefined): string {
  const urls = routes
    .filter((r) => r.indexable)
    .map((r) => {
      const date = lastmod(r);
      return `  <url><loc>${escapeXml(absoluteUrl(baseUrl, r.path))}</loc>${date ? `<lastmod>${escapeXml(date)}</lastmod>` : ''}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(baseUrl, '/sitemap.xml')}\n`;
}
