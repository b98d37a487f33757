import { describe, expect, it } from 'vitest';
import { applyHeaderRules, overPlainHttp, parseHeaders } from '../../src/host/header-rules.ts';
import { ADMIN_CONTENT_SECURITY_POLICY, checkHeaders, contentSecurityPolicy, headersFile } from '../../src/emit/headers-file.ts';
import { cspHash } from '../../src/shared/hash.ts';
import { SPECULATION_RULES } from '../../src/site/speculation-rules.ts';

const at = (file: string, pathname: string) => applyHeaderRules(parseHeaders(file).rules, { pathname });

/** A stylesheet's text, as each page carries it in its <style>. */
const STYLE = 'body{color:#1b4332}';
/** The islands' entry script, as each page carries it in its <script type="module">. */
const SCRIPT = 'import("/assets/chunk-A.js")';
const INLINE = { style: STYLE, script: SCRIPT };

describe('generated security headers', () => {
  const file = headersFile({ webhook: 'https://hook.eu1.make.com/abc?x=1', assetsPrefix: '/assets/', ...INLINE });

  it('sends the exact CSP of the issue, with the webhook origin in connect-src, the speculation rules, the entry script and the stylesheet allowed by their hashes and no unsafe-inline', () => {
    expect(at(file, '/')['content-security-policy']).toBe(
      `default-src 'none'; script-src 'self' ${cspHash(SPECULATION_RULES)} ${cspHash(SCRIPT)}; style-src 'self' 'sha256-8XmwV4BsojczHLe3ftkrZqa3b0fZ3IG+RtJK5Eevo5k='; img-src 'self' data:; font-src 'self'; manifest-src 'self'; connect-src 'self' https://hook.eu1.make.com; form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'; upgrade-insecure-requests`,
    );
    expect(file.slice(0, file.indexOf('\n/admin\n'))).not.toContain('unsafe-inline');
  });

  it('over plain http, drops upgrade-insecure-requests and HSTS and keeps every other header and directive', () => {
    const https = at(file, '/');
    const http = overPlainHttp(https);
    expect(http['content-security-policy']).toBe(https['content-security-policy']!.replace('; upgrade-insecure-requests', ''));
    expect(http).not.toHaveProperty('strict-transport-security');
    const { 'content-security-policy': _a, 'strict-transport-security': _b, ...rest } = https;
    expect(http).toMatchObject(rest);
    expect(Object.keys(http)).toHaveLength(Object.keys(https).length - 1);
  });

  it('allows only the stylesheet and the entry script it was given and the speculation rules: another text has another hash', () => {
    expect(contentSecurityPolicy('/api/quote', INLINE)).not.toBe(contentSecurityPolicy('/api/quote', { ...INLINE, style: `${STYLE}p{color:red}` }));
    expect(contentSecurityPolicy('/api/quote', INLINE)).not.toBe(contentSecurityPolicy('/api/quote', { ...INLINE, script: `${SCRIPT};` }));
    expect(contentSecurityPolicy('/api/quote', INLINE).match(/'sha256-/g)).toHaveLength(3);
  });

  it('leaves connect-src to self when the webhook is relative', () => {
    expect(contentSecurityPolicy('/api/quote', INLINE)).toContain("connect-src 'self'; form-action");
  });

  it('sends HSTS, nosniff, referrer, permissions and opener policies on every path', () => {
    for (const path of ['/', '/services/elagage', '/assets/entry-AB12.js', '/404']) {
      const headers = at(file, path);
      expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['permissions-policy']).toMatch(/(^|, )camera=\(\)(, |$)/);
      for (const feature of ['microphone', 'geolocation', 'payment', 'usb', 'browsing-topics', 'interest-cohort']) expect(headers['permissions-policy']).toContain(`${feature}=()`);
    }
  });

  it('keeps hashed assets a year and leaves HTML to the host default (revalidated)', () => {
    expect(at(file, '/assets/entry-AB12.js')['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(at(file, '/services/elagage')['cache-control']).toBeUndefined();
    expect(applyHeaderRules(parseHeaders(file).rules, { pathname: '/' }, { 'cache-control': 'public, max-age=0, must-revalidate' })['cache-control']).toBe(
      'public, max-age=0, must-revalidate',
    );
  });

  it('passes its own check', () => {
    expect(checkHeaders(file)).toEqual([]);
    expect(checkHeaders(headersFile({ webhook: '/api/quote', ...INLINE }))).toEqual([]);
  });
});

describe('headers file check', () => {
  it('rejects a header that two rules set for a same path', () => {
    const problems = checkHeaders('/*\n  Cache-Control: no-cache\n  X-A: 1\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
    expect(problems).toEqual([
      '_headers : « cache-control » est défini par /* (ligne 1) et par /assets/* (ligne 4), qui visent tous deux /assets/ : Cloudflare joindrait les deux valeurs par une virgule.',
    ]);
  });

  it('sees overlaps through placeholders and absolute rules', () => {
    expect(checkHeaders('/zones/:city\n  X-A: 1\n/zones/*\n  X-A: 2\n')).toHaveLength(1);
    expect(checkHeaders('https://:project.pages.dev/*\n  X-Robots-Tag: noindex\n/*\n  X-Robots-Tag: nosnippet\n')).toHaveLength(1);
  });

  it('accepts the same header on rules that never match a same path', () => {
    expect(checkHeaders('/assets/*\n  Cache-Control: a\n/images/*\n  Cache-Control: b\n/zones/:city\n  X-A: 1\n/services/:s\n  X-A: 2\n')).toEqual([]);
  });

  it('rejects more than 100 rules and lines over 2,000 characters', () => {
    const many = Array.from({ length: 101 }, (_, i) => `/p${i}\n  X-N: ${i}\n`).join('');
    expect(checkHeaders(many)).toEqual(['_headers : 101 règles (maximum 100), Cloudflare ignorerait les suivantes.']);
    const long = checkHeaders(`/*\n  Content-Security-Policy: ${'a'.repeat(2000)}\n  X-Frame-Options: DENY\n`);
    expect(long).toEqual(['_headers, ligne 2 : 2025 caractères (maximum 2000), Cloudflare l’ignorerait.']);
  });

  it('reports what Cloudflare would skip', () => {
    expect(checkHeaders('X-A: 1\n/*\n  nonsense\n')).toEqual([
      '_headers, ligne 1 : Path should come before header (x-a: 1)',
      '_headers, ligne 3 : Expected a colon-separated header pair (e.g. name: value)',
      '_headers, ligne 2 : No headers specified',
    ]);
  });

  it('gives /admin and its bundle their own policy in place of the site’s (one value), noindex, no framing, a popup that keeps its opener', () => {
    const file = headersFile({ webhook: 'https://hook.eu1.make.com/abc', ...INLINE });
    for (const pathname of ['/admin', '/admin/cms-0123456789.js']) {
      const headers = at(file, pathname);
      expect(headers['content-security-policy']).toBe(ADMIN_CONTENT_SECURITY_POLICY);
      expect(headers).toMatchObject({ 'x-robots-tag': 'noindex, nofollow', 'x-frame-options': 'DENY', 'cross-origin-opener-policy': 'same-origin-allow-popups' });
    }
    expect(at(file, '/zones/hull')).not.toHaveProperty('x-robots-tag');
    expect(at(file, '/zones/hull')['cross-origin-opener-policy']).toBe('same-origin');
    expect(checkHeaders(file)).toEqual([]);
  });

  it('still reports a header a later rule sets without detaching it first', () => {
    const file = headersFile({ webhook: 'https://hook.eu1.make.com/abc', ...INLINE });
    const joined = file.replace('/admin\n  ! Content-Security-Policy\n', '/admin\n');
    expect(checkHeaders(joined)).toEqual([expect.stringMatching(/« content-security-policy » est défini par \/\* .* et par \/admin \(/)]);
  });
});
