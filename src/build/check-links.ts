/** An internal reference that points at nothing in dist/. */
export interface BrokenLink {
  page: string;
  target: string;
}

const ATTRIBUTE = /\s(?:href|src|content)="([^"]*)"/g;
const SITEMAP_LOC = /<loc>([^<]*)<\/loc>/g;

/** The file of dist/ a URL path is served from, as a static host (and our server) resolves it. */
export function fileForPath(path: string, has: (file: string) => boolean): string | undefined {
  const clean = decodeURIComponent(path.split(/[?#]/)[0]!);
  if (clean === '/' || clean === '') return has('index.html') ? 'index.html' : undefined;
  const bare = clean.replace(/^\/+/, '').replace(/\/$/, '');
  for (const candidate of [bare, `${bare}.html`, `${bare}/index.html`]) {
    if (has(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Every internal `href`/`src` of every HTML page (links, scripts, styles, icons, canonical,
 * og:image as absolute URLs on the site) and every sitemap entry must resolve to a file.
 */
export function findBrokenLinks(files: ReadonlyMap<string, string | Uint8Array>, baseUrl: string): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const has = (f: string) => files.has(f);
  const check = (page: string, raw: string) => {
    const value = raw.replace(/&amp;/g, '&');
    let path: string | undefined;
    if (value.startsWith(`${baseUrl}/`) || value === baseUrl) path = value.slice(baseUrl.length) || '/';
    else if (value.startsWith('/') && !value.startsWith('//')) path = value;
    if (path === undefined || path.startsWith('/#')) return;
    if (!fileForPath(path, has)) broken.push({ page, target: value });
  };
  // An alias holds the very same HTML as its primary page: its links are checked once, there.
  const checked = new Set<string>();
  for (const [file, body] of files) {
    if (file.endsWith('.html') && typeof body === 'string') {
      if (checked.has(body)) continue;
      checked.add(body);
      for (const m of body.matchAll(ATTRIBUTE)) check(file, m[1]!);
    } else if (file === 'sitemap.xml' && typeof body === 'string') {
      for (const m of body.matchAll(SITEMAP_LOC)) check(file, m[1]!);
    }
  }
  return broken;
}
