import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFile } from '../../src/emit/headers-file.ts';
import { ASSETS_DIR } from '../../src/shared/asset-names.ts';
import { createSiteServer } from '../../src/server/static-server.ts';
import { diskFiles } from '../../src/server/site-files.ts';
import { buildToTemp } from '../../tools/lib/built-site.ts';
import { close, listen } from '../../tools/lib/server.ts';
import { sharedSite } from '../helpers/shared-site.ts';

let server: Server;
let base: string;
let dir: string;
let asset: string;

beforeAll(async () => {
  const site = await sharedSite({ quoteWebhook: 'https://hook.eu1.make.com/abc' });
  dir = site.dir;
  asset = `/${[...site.files.keys()].find((f) => f.startsWith(ASSETS_DIR) && f.endsWith('.js'))!}`;
  const page = readFileSync(join(dir, 'index.html'), 'utf8');
  const style = /<style data-site-style="">([^<]*)<\/style>/.exec(page)![1]!;
  const script = /<script type="module">([^<]*)<\/script>/.exec(page)![1]!;
  writeFileSync(join(dir, '_headers'), headersFile({ webhook: 'https://hook.eu1.make.com/abc', style, script }));
  server = createSiteServer({ root: dir, leadsFile: join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads.jsonl'), log: () => {} });
  base = await listen(server);
});

afterAll(() => close(server));

const get = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' });

describe('our server sends the headers of dist/_headers, as the Worker’s static assets do', () => {
  it('puts the security headers on pages, assets and the not-found page', async () => {
    for (const path of ['/', '/services/elagage', '/zones/hull', asset, '/nimporte-quoi']) {
      const res = await get(path);
      expect(res.headers.get('content-security-policy'), path).toContain("connect-src 'self' https://hook.eu1.make.com;");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
    }
  });

  it('leaves out over plain http what only HTTPS means: upgrade-insecure-requests and HSTS (WebKit would upgrade localhost)', async () => {
    const file = readFileSync(join(dir, '_headers'), 'utf8');
    expect(file).toContain('upgrade-insecure-requests');
    expect(file).toContain('Strict-Transport-Security');
    for (const path of ['/', '/contact', asset, '/nimporte-quoi']) {
      const res = await get(path);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(csp, path).toMatch(/frame-ancestors 'none'$/);
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('keeps one Cache-Control value: a year for assets, the host default for pages and for the 404 page', async () => {
    expect((await get(asset)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/services/elagage')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const missing = await get('/nimporte-quoi');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('keeps its own Content-Type, compression and Vary', async () => {
    const res = await fetch(`${base}/contact`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('never serves the host configuration file itself', async () => {
    expect((await get('/_headers')).status).toBe(404);
  });

  it('redirects a page file name to its extensionless URL with 307', async () => {
    for (const [from, to] of [
      ['/services/elagage.html', '/services/elagage'],
      ['/contact.html?a=1', '/contact?a=1'],
      ['/index.html', '/'],
    ]) {
      const res = await get(from!);
      expect(res.status, from).toBe(307);
      expect(res.headers.get('location'), from).toBe(to);
      expect(res.headers.get('content-security-policy'), from).toContain("default-src 'none'");
    }
    expect((await get('/nulle-part.html')).status).toBe(404);
  });

  it('answers a file gone between listing and reading (a rebuild replacing dist/) with a 500 that names it, under the same headers', async () => {
    const files = diskFiles(dir);
    const vanishing = createSiteServer({
      files: { stamp: files.stamp, read: (file) => (file === 'contact.html' ? readFileSync(join(dir, 'gone', file)) : files.read(file)) },
      leadsFile: join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads.jsonl'),
      log: () => {},
    });
    try {
      const res = await fetch(`${await listen(vanishing)}/contact`);
      expect(res.status).toBe(500);
      expect(await res.text()).toBe('Fichier illisible : contact.html\n');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    } finally {
      await close(vanishing);
    }
  });

  it('reads the file again when a rebuild changes it, and falls back to safe defaults without one', async () => {
    const file = join(dir, '_headers');
    writeFileSync(file, '/*\n  X-Test: nouvelle valeur\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const changed = await get('/');
    expect(changed.headers.get('x-test')).toBe('nouvelle valeur');
    expect(changed.headers.get('content-security-policy')).toBeNull();

    rmSync(file);
    const page = await get('/contact');
    expect(page.headers.get('x-test')).toBeNull();
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect((await get(asset)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
