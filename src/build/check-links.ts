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
  const has = (f: string) => files.has(f);
  // Every page repeats the header and footer links: resolve each distinct reference once.
  const verdicts = new Map<string, string | undefined>();
  const isBroken = (raw: string): string | undefined => {
    if (!verdicts.has(raw)) verdicts.set(raw, resolve(raw));
    return verdicts.get(raw);
  };
  const resolve = (raw: string): string | undefined => {
    const value = raw.replace(/&amp;/g, '&');
    let path: string | undefined;
    if (value.startsWith(`${baseUrl}/`) || value === baseUrl) path = value.slice(baseUrl.length) || '/';
    else if (value.startsWith('/') && !value.startsWith('//')) path = value;
    if (path === undefined || path.startsWith('/#')) return undefined;
    return fileForPath(path, has) ? undefined : value;
  };
  const targets = (body: string, pattern: RegExp) =>
    [...body.matchAll(pattern)].map((m) => isBroken(m[1]!)).filter((t): t is string => t !== undefined);
  // An alias holds the very same HTML as its primary page: scan it once, report it on both.
  const byBody = new Map<string, string[]>();
  const broken: BrokenLink[] = [];
  for (const [file, body] of files) {
    if (typeof body !== 'string') continue;
    let found: string[] | undefined;
    if (file.endsWith('.html')) {
      found = byBody.get(body);
      if (!found) byBody.set(body, (found = targets(body, ATTRIBUTE)));
    } else if (file === 'sitemap.xml') found = targets(body, SITEMAP_LOC);
    for (const target of found ?? []) broken.push({ page: file, target });
  }
  return broken;
}
