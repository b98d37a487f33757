/**
 * The file of dist/ a URL path is served from, as a static host resolves it (Cloudflare Pages,
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
