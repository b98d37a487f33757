import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStylesheetPath } from '../../src/shared/asset-names.ts';
import { quoteOptions } from '../../src/shared/quote/quote-options.ts';
import { buildPayload, INITIAL_VALUES } from '../../src/shared/quote/quote-schema.ts';
import { checkLead, MAX_BODY_BYTES } from '../../src/server/quote-receiver.ts';
import { createSiteServer } from '../../src/server/static-server.ts';
import { buildToTemp } from '../../tools/lib/built-site.ts';
import { close, listen } from '../../tools/lib/server.ts';
import { sharedSite } from '../helpers/shared-site.ts';

const lead = buildPayload(
  { ...INITIAL_VALUES, name: 'Marie Tremblay', phone: '819 555-0199', city: 'hull', service: 'elagage', urgency: 'emergency' },
  new Date('2026-11-22T10:00:00.000Z'),
);

let server: Server;
let base: string;
let leadsFile: string;
/** The stylesheet's file: pages carry its text, the editor's preview loads it. */
let stylesheet: string;
const logs: string[] = [];

beforeAll(async () => {
  const site = await sharedSite();
  stylesheet = `/${[...site.files.keys()].find(isStylesheetPath)!}`;
  leadsFile = join(mkdtempSync(join(tmpdir(), 'leads-')), 'data', 'leads.jsonl');
  server = createSiteServer({ root: site.dir, leadsFile, log: (l) => logs.push(l) });
  base = await listen(server);
});

afterAll(() => close(server));

const post = (body: string, type = 'text/plain;charset=UTF-8') =>
  fetch(`${base}/api/quote`, { method: 'POST', headers: { 'Content-Type': type }, body });

describe('static serving like a CDN', () => {
  it('serves pages at extensionless URLs as HTML', async () => {
    for (const path of ['/', '/services/elagage', '/abattage-hull', '/zones/hull', '/about', '/urgence']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<h1');
    }
  });

  it('sends each file with a validator, answers 304 while the browser’s copy is current, and the new bytes once the file changed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'etag-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>a</title><h1>avant</h1>');
    writeFileSync(join(root, '404.html'), '<!doctype html><title>absente</title>');
    writeFileSync(join(root, 'assets/app.js'), 'console.log("un");'.repeat(200));
    const own = createSiteServer({ root, leadsFile: join(root, 'leads.jsonl'), log: () => {} });
    const at = await listen(own);
    try {
      const first = await fetch(`${at}/`);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const again = await fetch(`${at}/`, { headers: { 'If-None-Match': etag } });
      expect([again.status, await again.text(), again.headers.get('etag')]).toEqual([304, '', etag]);
      // Compressed once and kept: the same bytes each time, decoded to the file.
      const scripts = await Promise.all([1, 2].map(() => fetch(`${at}/assets/app.js`, { headers: { 'Accept-Encoding': 'br' } }).then((r) => r.text())));
      expect(scripts).toEqual(['console.log("un");'.repeat(200), 'console.log("un");'.repeat(200)]);
      writeFileSync(join(root, 'index.html'), '<!doctype html><title>a</title><h1>après</h1>');
      const changed = await fetch(`${at}/`, { headers: { 'If-None-Match': etag } });
      expect([changed.status, await changed.text()]).toEqual([200, '<!doctype html><title>a</title><h1>après</h1>']);
      expect(changed.headers.get('etag')).not.toBe(etag);
      // A 404 page is never confirmed as current: its address is not its file.
      const missing = await fetch(`${at}/absente`, { headers: { 'If-None-Match': '*' } });
      expect(missing.status).toBe(404);
    } finally {
      await close(own);
    }
  });

  it('answers an unknown path of a folder without 404.html with a plain 404, never a request left open', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sans-404-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>a</title>');
    const own = createSiteServer({ root, leadsFile: join(root, 'leads.jsonl'), log: () => {} });
    const at = await listen(own);
    try {
      const missing = await fetch(`${at}/absente`);
      expect([missing.status, missing.headers.get('content-type'), await missing.text()]).toEqual([404, 'text/plain; charset=utf-8', 'Aucune page à l’adresse /absente.\n']);
      expect((await fetch(`${at}/`)).status).toBe(200);
    } finally {
      await close(own);
    }
  });

  it('answers unknown paths with the not-found page and status 404', async () => {
    const res = await fetch(`${base}/nimporte-quoi`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Oops! Page not found');
  });

  it('answers an unknown English address with the English not-found page (the closest 404.html), status 404', async () => {
    for (const path of ['/en/nothing-here', '/en/services/nothing-here']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      const page = await res.text();
      expect(page, path).toMatch(/^<!DOCTYPE html><html lang="en-CA">/);
    }
    const french = await fetch(`${base}/services/rien`);
    expect(await french.text()).toMatch(/^<!DOCTYPE html><html lang="fr-CA">/);
  });

  it('serves the English home at /en/ and sends /en and /en/index.html there, as the Worker’s static assets do with a folder index', async () => {
    const home = await fetch(`${base}/en/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/^<!DOCTYPE html><html lang="en-CA">/);
    for (const path of ['/en', '/en/index.html']) {
      const res = await fetch(`${base}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(307);
      expect(res.headers.get('location'), path).toBe('/en/');
    }
  });

  it('redirects a trailing slash to the extensionless URL', async () => {
    const res = await fetch(`${base}/contact/`, { redirect: 'manual' });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/contact');
  });

  it('never serves a file outside dist/', async () => {
    for (const path of ['/..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it('gives assets their type and a long cache', async () => {
    const res = await fetch(`${base}${stylesheet}`);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });
});

describe('local quote receiver (POST /api/quote)', () => {
  it('stores a valid lead sent as text/plain (what a no-cors fetch sends) as one JSON line', async () => {
    const res = await post(JSON.stringify(lead));
    expect(res.status).toBe(201);
    const lines = readFileSync(leadsFile, 'utf8').trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toEqual({ ...lead, id: expect.any(String) });
    expect(logs.at(-1)).toContain('Marie Tremblay');
  });

  it('stores a lead sent as application/json too', async () => {
    const before = readFileSync(leadsFile, 'utf8').split('\n').length;
    expect((await post(JSON.stringify({ ...lead, name: 'Luc' }), 'application/json')).status).toBe(201);
    expect(readFileSync(leadsFile, 'utf8').split('\n').length).toBe(before + 1);
  });

  it('answers 400 to invalid JSON and to a lead that breaks the form’s rules, storing nothing', async () => {
    const before = readFileSync(leadsFile, 'utf8');
    const bad = await post('{"name": ');
    expect(bad.status).toBe(400);
    const invalid = await post(JSON.stringify({ ...lead, phone: '123' }));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error).toContain('Numéro de téléphone invalide');
    expect((await post('null')).status).toBe(400);
    expect((await post('[]')).status).toBe(400);
    expect(readFileSync(leadsFile, 'utf8')).toBe(before);
  });

  it('answers 413 to a body over 16 KB and keeps serving', async () => {
    const res = await post(JSON.stringify({ ...lead, message: 'x'.repeat(MAX_BODY_BYTES) }));
    expect(res.status).toBe(413);
    expect((await fetch(`${base}/contact`)).status).toBe(200);
  });

  it('refuses other methods', async () => {
    expect((await fetch(`${base}/api/quote`)).status).toBe(405);
    expect((await fetch(`${base}/contact`, { method: 'DELETE' })).status).toBe(405);
  });

  it('writes every line whole when leads arrive together', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(JSON.stringify({ ...lead, name: `Client ${i}` }))));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const lines = readFileSync(leadsFile, 'utf8').trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    for (let i = 0; i < 20; i++) expect(lines.some((l) => JSON.parse(l).name === `Client ${i}`)).toBe(true);
  });

  it('checkLead is a pure check of a raw body against the form options', async () => {
    const options = quoteOptions((await sharedSite()).content);
    expect(checkLead(Buffer.from(JSON.stringify(lead)), options)).toEqual({ status: 201, lead, suspect: false });
    expect(checkLead(Buffer.alloc(MAX_BODY_BYTES + 1), options).status).toBe(413);
    expect(existsSync(leadsFile)).toBe(true);
  });
});
