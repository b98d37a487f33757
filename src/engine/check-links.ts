import { fileForPath } from '../host/file-lookup.ts';

/** An internal reference that points at nothing in dist/. */
export interface BrokenLink {
  page: string;
  target: string;
}

const ATTRIBUTE = /\s(?:href|src|content)="([^"]*)"/g;
const SITEMAP_LOC = /<loc>([^<]*)<\/loc>|<xhtml:link [^>]*href="([^"]*)"/g;

/** The site path an attribute value points to, or undefined for other sites, fragments and data. */
function internalPath(raw: string, baseUrl: string): string | undefined {
  if (raw[0] !== '/' && !raw.startsWith(baseUrl)) return undefined;
  const value = raw.includes('&amp;') ? raw.replace(/&amp;/g, '&') : raw;
  let path: string | undefined;
  if (value.startsWith(`${baseUrl}/`) || value === baseUrl) path = value.slice(baseUrl.length) || '/';
  else if (value.startsWith('/') && !value.startsWith('//')) path = value;
  if (path === undefined || path.startsWith('/#')) return undefined;
  return path;
}

/**
 * Every distinct internal reference of one page (links, scripts, styles, icons, canonical,
 * og:image as absolute URLs on the site), as written: computed where the page is rendered, kept
 * with it in the cache, checked against the whole site's files at the end of every build.
 */
export function pageRefs(html: string, baseUrl: string): string[] {
  const refs = new Set<string>();
  for (const m of html.matchAll(ATTRIBUTE)) if (internalPath(m[1]!, baseUrl) !== undefined) refs.add(m[1]!);
  return [...refs];
}

export function sitemapRefs(xml: string): string[] {
  return [...xml.matchAll(SITEMAP_LOC)].map((m) => m[1] ?? m[2]!);
}

/** Every reference of `pages` (file → its refs) must resolve to a file the site has. */
export function findBrokenLinks(pages: Iterable<[string, readonly string[]]>, has: (file: string) => boolean, baseUrl: string): BrokenLink[] {
  // Thousands of pages repeat the header and footer links: resolve each distinct reference once.
  const verdicts = new Map<string, boolean>();
  const isBroken = (raw: string): boolean => {
    let broken = verdicts.get(raw);
    if (broken === undefined) {
      const path = internalPath(raw, baseUrl);
      broken = path !== undefined && fileForPath(path, has) === undefined;
      verdicts.set(raw, broken);
    }
    return broken;
  };
  const broken: BrokenLink[] = [];
  for (const [page, refs] of pages) {
    for (const raw of refs) if (isBroken(raw)) broken.push({ page, target: raw.replace(/&amp;/g, '&') });
  }
  return broken;
}
