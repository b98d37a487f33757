import { LOOKS_LIKE_PATH, matchingRules, MAX_LINE_LENGTH, MAX_RULES, parseHeaders, patternRegex, type HeaderRule } from '../host/header-rules.ts';
import { ASSETS_URL, CARDS_URL } from '../shared/asset-names.ts';
import { cspHash } from '../shared/hash.ts';
import { PHOTOS_URL } from '../shared/photos.ts';
import { DECAP_SERVER_PORT, IMMUTABLE_CACHE_CONTROL } from '../shared/settings.ts';
import { SPECULATION_RULES } from '../site/speculation-rules.ts';

/**
 * The `_headers` file of dist/: the security headers of every response and the caching of hashed
 * assets, generated from the site config so the webhook's origin is the one the form posts to.
 * Cloudflare Pages and Netlify apply it; our server applies it too (src/server/headers.ts).
 */

export interface HeadersFileOptions {
  /** The quote webhook the form posts to: its origin joins `connect-src` when it is absolute. */
  webhook: string;
  /** Where the content-hashed files live (safe to keep a year). */
  assetsPrefix?: string;
  /** The stylesheet's text, in each page's <style>: its hash is the one inline style allowed. */
  style: string;
  /** The islands' entry script, in each page's <script type="module">: its hash is allowed beside the speculation rules'. */
  script: string;
}

/** The origin of an absolute http(s) webhook; a relative one is already covered by 'self'. */
export function webhookOrigin(webhook: string): string | undefined {
  if (!/^https?:\/\//i.test(webhook.trim())) return undefined;
  try {
    return new URL(webhook.trim()).origin;
  } catch {
    return undefined;
  }
}

/**
 * No 'unsafe-inline' anywhere: the inline blocks allowed are the speculation rules and the
 * islands' entry script, by their hashes (JSON blocks are not executed; the islands' chunks are
 * files), and the one inline style is the site's stylesheet, by its hash: an injected <script>,
 * <style> or style attribute is refused.
 */
export function contentSecurityPolicy(webhook: string, { style, script }: Pick<HeadersFileOptions, 'style' | 'script'>): string {
  const origin = webhookOrigin(webhook);
  return [
    "default-src 'none'",
    `script-src 'self' ${cspHash(SPECULATION_RULES)} ${cspHash(script)}`,
    `style-src 'self' ${cspHash(style)}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "manifest-src 'self'",
    `connect-src 'self'${origin ? ` ${origin}` : ''}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * Where the web editor lives (src/admin/admin-files.ts): its page at /admin (admin.html, served
 * there by Cloudflare and by our servers alike) and its bundle under /admin/. Both get its headers.
 */
export const ADMIN_PATTERNS = ['/admin', '/admin/*'] as const;

/**
 * The web editor's policy: only what Decap CMS needs, each source for one reason.
 * - script-src 'unsafe-eval': Decap validates its configuration with ajv, which compiles each
 *   schema into a function (new Function); without it the editor stops at start-up.
 * - style-src 'unsafe-inline': Decap's components are styled by emotion, which writes <style>
 *   elements at run time.
 * - img-src blob: data:: images picked for upload and images read through GitHub's API are shown
 *   from blob: URLs; Decap's icons are data: URLs. https://avatars.githubusercontent.com: the
 *   signed-in editor's picture.
 * - connect-src https://api.github.com: the GitHub backend reads and writes the repository there.
 *   http://localhost:DECAP_SERVER_PORT: decap-server, the local backend of `npm run cms`, on the editor's own
 *   machine (Decap asks it only when /admin/ itself is opened on localhost). blob:: an uploaded
 *   photo is read back from its blob: URL with fetch() to be sent to the repository; without it
 *   no upload is ever saved.
 * - frame-ancestors 'none' and X-Frame-Options: no page may frame the editor (clickjacking).
 */
export const ADMIN_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://avatars.githubusercontent.com",
  "font-src 'self' data:",
  `connect-src 'self' blob: https://api.github.com http://localhost:${DECAP_SERVER_PORT}`,
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Powerful features the site never uses, denied to it and to anything it could ever embed.
 * Only names Chromium accepts: it logs a console warning for any other (the CSP test watches).
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
  'browsing-topics',
  'interest-cohort',
] as const;

/**
 * Every response gets the security headers (`/*`); only hashed assets and share cards (each named
 * by a hash of what it shows) get a Cache-Control. HTML
 * keeps the host's default, `public, max-age=0, must-revalidate` on Cloudflare Pages and Netlify
 * (revalidated on every visit): a second rule setting it for `/*` would be comma-joined with the
 * assets' value on Cloudflare, a broken header.
 */
export function headersFile({ webhook, assetsPrefix = ASSETS_URL, style, script }: HeadersFileOptions): string {
  const prefix = assetsPrefix.endsWith('/') ? assetsPrefix : `${assetsPrefix}/`;
  return [
    '# Généré par la construction (src/emit/headers-file.ts) : ne pas modifier à la main.',
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(webhook, { style, script })}`,
    '  Strict-Transport-Security: max-age=63072000; includeSubDomains',
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    `  Permissions-Policy: ${DENIED_FEATURES.map((f) => `${f}=()`).join(', ')}`,
    '  Cross-Origin-Opener-Policy: same-origin',
    `${prefix}*`,
    `  Cache-Control: ${IMMUTABLE_CACHE_CONTROL}`,
    // Photos are named by their source's bytes and the encoding settings: as immutable as assets.
    `${PHOTOS_URL}*`,
    `  Cache-Control: ${IMMUTABLE_CACHE_CONTROL}`,
    // Share cards are named by their inputs (facts, design code, font), likewise.
    `${CARDS_URL}*`,
    `  Cache-Control: ${IMMUTABLE_CACHE_CONTROL}`,
    // The editor's policy replaces the site's (detached, then set: one value, not two joined).
    // Its sign-in popup keeps its opener: same-origin would cut it when the popup visits GitHub.
    ...ADMIN_PATTERNS.flatMap((pattern) => [
      pattern,
      '  ! Content-Security-Policy',
      `  Content-Security-Policy: ${ADMIN_CONTENT_SECURITY_POLICY}`,
      '  ! Cross-Origin-Opener-Policy',
      '  Cross-Origin-Opener-Policy: same-origin-allow-popups',
      '  X-Robots-Tag: noindex, nofollow',
      '  X-Frame-Options: DENY',
    ]),
    '',
  ].join('\n');
}

/** Paths a pattern matches, to test the other rules against: its splat empty, one and two segments. */
function samplePaths(rule: HeaderRule): { pathname: string; hostname: string }[] {
  const absolute = /^https:\/\/([^/]+)(\/.*)$/.exec(rule.path);
  const [host, path] = absolute ? [absolute[1]!.replace(/:[A-Za-z]\w*/g, 'x'), absolute[2]!] : ['localhost', rule.path];
  return ['', 'x', 'x/y.html'].map((splat) => ({ pathname: path.replace(/\*/g, splat).replace(/:[A-Za-z]\w*/g, 'x'), hostname: host }));
}

/**
 * What Cloudflare would silently get wrong in a `_headers` file, in French: a header set by two
 * rules matching a same path (comma-joined into one value), more than 100 rules, a line over 2,000
 * characters, and anything its parser skips.
 */
export function checkHeaders(text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim().length > MAX_LINE_LENGTH) problems.push(`_headers, ligne ${i + 1} : ${line.trim().length} caractères (maximum ${MAX_LINE_LENGTH}), Cloudflare l’ignorerait.`);
  });
  const { rules, invalid } = parseHeaders(text);
  for (const p of invalid) if (!/exceeds the maximum allowed length|Maximum number of rules/.test(p.message)) problems.push(`_headers${p.line ? `, ligne ${p.line}` : ''} : ${p.message}`);
  const ruleCount = text.split('\n').filter((l) => LOOKS_LIKE_PATH.test(l.trim())).length;
  if (ruleCount > MAX_RULES) problems.push(`_headers : ${ruleCount} règles (maximum ${MAX_RULES}), Cloudflare ignorerait les suivantes.`);
  const reported = new Set<string>();
  for (const [i, a] of rules.entries()) {
    if (!patternRegex(a.path)) continue;
    for (const b of rules.slice(i + 1)) {
      // A later rule that detaches a header before setting it replaces it: nothing is joined.
      const shared = Object.keys(a.set).filter((name) => name in b.set && !b.unset.includes(name));
      if (shared.length === 0) continue;
      const overlap = [...samplePaths(a), ...samplePaths(b)].find((target) => {
        const hits = matchingRules([a, b], target);
        return hits.length === 2;
      });
      if (!overlap) continue;
      for (const name of shared) {
        const key = `${a.line}/${b.line}/${name}`;
        if (reported.has(key)) continue;
        reported.add(key);
        problems.push(
          `_headers : « ${name} » est défini par ${a.path} (ligne ${a.line}) et par ${b.path} (ligne ${b.line}), qui visent tous deux ${overlap.pathname} : Cloudflare joindrait les deux valeurs par une virgule.`,
        );
      }
    }
  }
  return problems;
}
