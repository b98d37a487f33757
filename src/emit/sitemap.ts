import { LOCALES, type Locale } from '../shared/locales.ts';
import type { Route } from '../site/routes.ts';
import { absoluteUrl } from '../site/urls.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A page's language alternates, as Google reads them in a sitemap: each language's address, the
 * page's own included, and x-default for the French one; the same list under both pages of a pair.
 */
function alternateLinks(baseUrl: string, route: Route): string {
  const entries = Object.entries(route.alternates) as [Locale, string][];
  if (entries.length < 2) return '';
  const link = (lang: string, path: string) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(absoluteUrl(baseUrl, path))}"/>`;
  return [...entries.map(([locale, path]) => link(LOCALES[locale].lang, path)), ...(route.alternates.fr ? [link('x-default', route.alternates.fr)] : [])].join('');
}

/** Primary, indexable URLs only: aliases and the not-found page stay out. `lastmod`: W3C date-time, when known. */
export function sitemapXml(baseUrl: string, routes: Route[], lastmod: (route: Route) => string | undefined = () => undefined): string {
  const urls = routes
    .filter((r) => r.indexable)
    .map((r) => {
      const date = lastmod(r);
      return `  <url><loc>${escapeXml(absoluteUrl(baseUrl, r.path))}</loc>${date ? `<lastmod>${escapeXml(date)}</lastmod>` : ''}${alternateLinks(baseUrl, r)}</url>`;
    });
  const xhtml = routes.some((r) => r.indexable && Object.keys(r.alternates).length > 1) ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(baseUrl, '/sitemap.xml')}\n`;
}
