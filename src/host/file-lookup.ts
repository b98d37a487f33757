/**
 * The file of dist/ a URL path is served from, as a static host resolves it (Cloudflare Workers,
 * Netlify, GitHub Pages): `/a/b` is `a/b`, `a/b.html` or `a/b/index.html`. The link checks and
 * our own server both ask it, so a link that passes the build is one the host serves.
 */
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
 * The not-found page for an address without a file, as Workers static assets picks it: the closest
 * 404.html, from the address's own folder up to the root (`/en/nothing` gets en/404.html, so an
 * English address is answered in English). Undefined when the site has no 404.html at all.
 */
export function notFoundFileFor(path: string, has: (file: string) => boolean): string | undefined {
  const folders = path.split(/[?#]/)[0]!.split('/').slice(1, -1);
  for (let depth = folders.length; depth >= 0; depth--) {
    const file = [...folders.slice(0, depth), '404.html'].join('/');
    if (has(file)) return file;
  }
  return undefined;
}
