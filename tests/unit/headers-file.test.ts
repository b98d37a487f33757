import { describe, expect, it } from 'vitest';
import { applyHeaderRules, MAX_RULES, parseHeaders } from '../../src/host/header-rules.ts';

/** The example file of Cloudflare's "Headers" page (Pages › Configuration). */
const DOCS_EXAMPLE = `# This is a comment
/secure/page
  X-Frame-Options: DENY
  X-Content-Type-Options: nosniff
  Referrer-Policy: no-referrer

/static/*
  Access-Control-Allow-Origin: *
  X-Robots-Tag: nosnippet

https://myproject.pages.dev/*
  X-Robots-Tag: noindex
`;

const headersAt = (file: string, url: string, base: Record<string, string> = {}) => {
  const { pathname, hostname } = new URL(url);
  return applyHeaderRules(parseHeaders(file).rules, { pathname, hostname }, base);
};

describe('Cloudflare Pages _headers', () => {
  it('reads blocks of a path and indented name: value lines, skipping comments', () => {
    const { rules, invalid } = parseHeaders(DOCS_EXAMPLE);
    expect(invalid).toEqual([]);
    expect(rules.map((r) => [r.path, r.line])).toEqual([
      ['/secure/page', 2],
      ['/static/*', 7],
      ['https://myproject.pages.dev/*', 11],
    ]);
    expect(rules[0]!.set).toEqual({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
  });

  it('gives a request the headers of every rule that matches it (the docs example)', () => {
    expect(headersAt(DOCS_EXAMPLE, 'https://custom.domain/secure/page')).toEqual({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    expect(headersAt(DOCS_EXAMPLE, 'https://myproject.pages.dev/secure/page')).toMatchObject({ 'x-frame-options': 'DENY', 'x-robots-tag': 'noindex' });
    expect(headersAt(DOCS_EXAMPLE, 'https://custom.domain/static/styles.css')).toEqual({ 'access-control-allow-origin': '*', 'x-robots-tag': 'nosnippet' });
  });

  it('comma-joins a header that two matching rules set', () => {
    expect(headersAt(DOCS_EXAMPLE, 'https://myproject.pages.dev/static/styles.css')['x-robots-tag']).toBe('nosnippet, noindex');
    const both = '/*\n  Cache-Control: no-cache\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n';
    expect(headersAt(both, 'https://x.ca/assets/a.js')['cache-control']).toBe('no-cache, public, max-age=31536000, immutable');
  });

  it('replaces a default header of the host instead of joining it', () => {
    const file = '/*\n  Cache-Control: no-cache\n';
    expect(headersAt(file, 'https://x.ca/', { 'Cache-Control': 'public, max-age=0, must-revalidate', 'Content-Type': 'text/html' })).toEqual({
      'cache-control': 'no-cache',
      'content-type': 'text/html',
    });
  });

  it('joins a header written twice in one block', () => {
    expect(headersAt('/*\n  Link: </a.css>\n  Link: </b.js>\n', 'https://x.ca/')).toEqual({ link: '</a.css>, </b.js>' });
  });

  it('detaches a header with "! Name" for the paths of a later rule', () => {
    const file = "/*\n  Content-Security-Policy: default-src 'self';\n/*.jpg\n  ! Content-Security-Policy\n";
    expect(headersAt(file, 'https://x.ca/page')).toEqual({ 'content-security-policy': "default-src 'self';" });
    expect(headersAt(file, 'https://x.ca/images/tree.jpg')).toEqual({});
    expect(headersAt(file, 'https://x.ca/tree.jpg', { 'content-security-policy': 'host default' })).toEqual({});
  });

  it('matches a splat across slashes and a placeholder within one segment, and puts what they matched in values', () => {
    const file = '/movies/:title\n  x-movie-name: You are watching ":title"\n/static/*\n  X-Source: /files/:splat\n';
    expect(headersAt(file, 'https://x.ca/movies/oppenheimer')).toEqual({ 'x-movie-name': 'You are watching "oppenheimer"' });
    expect(headersAt(file, 'https://x.ca/movies/a/b')).toEqual({});
    expect(headersAt(file, 'https://x.ca/static/css/site.css')).toEqual({ 'x-source': '/files/css/site.css' });
  });

  it('matches a placeholder in the host of an absolute rule against one label', () => {
    const file = 'https://:project.pages.dev/*\n  X-Robots-Tag: noindex\n';
    expect(headersAt(file, 'https://arbo.pages.dev/services')).toEqual({ 'x-robots-tag': 'noindex' });
    expect(headersAt(file, 'https://a.b.pages.dev/services')).toEqual({});
    expect(headersAt(file, 'https://arbo-expert.ca/services')).toEqual({});
  });

  it('is exact about paths: no implicit trailing slash or prefix', () => {
    const file = '/secure/page\n  X-Frame-Options: DENY\n';
    expect(headersAt(file, 'https://x.ca/secure/page/')).toEqual({});
    expect(headersAt(file, 'https://x.ca/secure/page2')).toEqual({});
  });

  it('reports what it ignores: lines over 2,000 characters, rules without headers, headers without a rule, ports', () => {
    const long = `/*\n  X-Long: ${'a'.repeat(2000)}\n  X-Short: b\n`;
    const parsed = parseHeaders(long);
    expect(parsed.rules[0]!.set).toEqual({ 'x-short': 'b' });
    expect(parsed.invalid[0]!.message).toMatch(/exceeds the maximum allowed length of 2000/);
    expect(parseHeaders('X-A: b\n/empty\n/ok\n  X-B: c\n').invalid.map((p) => p.message)).toEqual([
      'Path should come before header (x-a: b)',
      'No headers specified',
    ]);
    expect(parseHeaders('https://x.ca:8443/*\n  X-A: b\n').rules).toEqual([]);
  });

  it('stops reading rules past the limit, as Cloudflare does', () => {
    const file = Array.from({ length: MAX_RULES + 5 }, (_, i) => `/p${i}\n  X-N: ${i}\n`).join('');
    const { rules, invalid } = parseHeaders(file);
    // Cloudflare checks the count before closing the rule still open, which it keeps.
    expect(rules).toHaveLength(MAX_RULES + 1);
    expect(invalid[0]!.message).toMatch(/Maximum number of rules supported is 100/);
  });
});
