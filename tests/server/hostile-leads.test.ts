import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzReceiver } from '../../tools/scenarios/receiver-fuzz.ts';
import { quoteOptions, type QuoteOptions } from '../../src/shared/quote/quote-options.ts';
import { buildPayload, cleanText, INITIAL_VALUES } from '../../src/shared/quote/quote-schema.ts';
import { escapeControls, hasControls } from '../../src/server/console-line.ts';
import { parseFormOptions } from '../../src/server/form-options.ts';
import { createLeadStore } from '../../src/server/quote-receiver.ts';
import { createSiteServer } from '../../src/server/static-server.ts';
import { buildToTemp, html } from '../../tools/lib/built-site.ts';
import { close, listen } from '../../tools/lib/server.ts';
import { sharedSite } from '../helpers/shared-site.ts';

const lead = buildPayload(
  { ...INITIAL_VALUES, name: 'Marie Tremblay', phone: '819 555-0199', city: 'lage-gardien', service: 'abattage', urgency: 'urgent' },
  new Date('2026-11-22T10:00:00.000Z'),
);

let site: Awaited<ReturnType<typeof buildToTemp>>;
let server: Server;
let base: string;
let leadsFile: string;
let options: QuoteOptions;
const logs: string[] = [];

beforeAll(async () => {
  site = await sharedSite();
  options = quoteOptions(site.content);
  leadsFile = join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads.jsonl');
  // No options given: the server reads them from the form it serves, as `npm start` does.
  server = createSiteServer({ root: site.dir, leadsFile, log: (l) => logs.push(l) });
  base = await listen(server);
});
afterAll(() => close(server));

const post = (body: object) => fetch(`${base}/api/quote`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });
const storedLines = () => (existsSync(leadsFile) ? readFileSync(leadsFile, 'utf8') : '');

describe('the receiver console', () => {
  it('cannot be made to print a forged second line', async () => {
    expect((await post({ ...lead, name: 'A\n[devis] FAKE LINE' })).status).toBe(201);
    const line = logs.at(-1)!;
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain('A [devis] FAKE LINE');
  });

  it('never prints nor stores NUL, ESC, C1 controls, U+2028/2029 or bidi overrides', async () => {
    const name = 'N\u0000U\u001b[2KL\u0085\u2028\u2029\u202e\rZ';
    expect((await post({ ...lead, name, message: '\u0007\u009b' })).status).toBe(201);
    const line = logs.at(-1)!;
    expect(hasControls(line)).toBe(false);
    // Stored without its control characters and overrides (cleanText), so no reader meets them.
    expect(JSON.parse(storedLines().trim().split('\n').at(-1)!).name).toBe(cleanText(name, false).trim());
    expect(line).toContain(`· ${cleanText(name, false).trim()} ·`);
  });

  it('escapes every control character and leaves the rest of a line alone (the check can fail)', () => {
    expect(escapeControls('Érable · 819 555-0142 🚨')).toBe('Érable · 819 555-0142 🚨');
    expect(escapeControls('a\tb\nc')).toBe('a\\tb\\nc');
    expect(hasControls('a\nb')).toBe(true);
    for (let c = 0; c < 0x20; c++) expect(hasControls(escapeControls(String.fromCharCode(c)))).toBe(false);
  });
});

describe('the receiver accepts only what the form offers', () => {
  it('reads the options from the form it serves: the same lists the form was built with', () => {
    expect(parseFormOptions(html(site, 'contact.html'))).toEqual(options);
    expect(options.cities.map((c) => c.value)).toContain('lage-gardien');
    expect(options.cities.at(-1)!.value).toBe('autre');
  });

  it.each([
    ['city', '../../etc'],
    ['city', 'lange-gardien'],
    ['service', 'coupe-de-gazon'],
    ['urgency', 'tout de suite'],
    ['urgencyLabel', 'Normal'],
  ])('answers 400 to %s « %s » and stores nothing', async (field, value) => {
    const before = storedLines();
    const res = await post({ ...lead, [field]: value });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(`${field} : valeur absente des choix du formulaire`);
    expect(storedLines()).toBe(before);
  });

  it('accepts « autre » for the city and the service', async () => {
    expect((await post({ ...lead, city: 'autre', service: 'autre', urgency: 'normal', urgencyLabel: 'Normal' })).status).toBe(201);
  });

  it('answers 500 and says why when the folder it serves has no form to check against', async () => {
    const lines: string[] = [];
    const bare = createSiteServer({ root: mkdtempSync(join(tmpdir(), 'no-form-')), leadsFile, log: (l) => lines.push(l) });
    const bareBase = await listen(bare);
    const res = await fetch(`${bareBase}/api/quote`, { method: 'POST', body: JSON.stringify(lead) });
    expect(res.status).toBe(500);
    expect(lines.at(-1)).toContain('aucun formulaire de devis');
    await close(bare);
  });
});

describe('the leads file', () => {
  it('never glues a new lead to a torn last line left by a killed process', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'torn-')), 'leads.jsonl');
    writeFileSync(file, `${JSON.stringify(lead)}\n{"name":"coup`);
    const store = createLeadStore(file);
    await Promise.all([store.save({ ...lead, name: 'Après 1' }), store.save({ ...lead, name: 'Après 2' })]);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.slice(1)).toEqual(['{"name":"coup', JSON.stringify({ ...lead, name: 'Après 1' }), JSON.stringify({ ...lead, name: 'Après 2' }), '']);
  });
});

describe('fuzzed bodies and headers (fast-check)', () => {
  it('answer 201, 400 or 413 only, never crash it, and store only valid leads, each acknowledged', async () => {
    const figures = await fuzzReceiver({ base, leadsFile, logs, options, runs: 300 });
    expect(figures).toMatchObject({ bodies: 300, answered5xx: 0, crashes: 0, storedInvalid: 0, rawControlLines: 0 });
    expect(Object.keys(figures.statuses).sort()).toEqual(expect.arrayContaining(['201', '400']));
  });

  it('reports a receiver that stores anything, prints it raw and fails on some bodies (the gate can fail)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'naive-')), 'leads.jsonl');
    const printed: string[] = [];
    const naive = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        printed.push(`[devis] ${body}`);
        if (body.includes('"')) {
          appendFileSync(file, `${body}\n`);
          res.writeHead(201).end();
        } else res.writeHead(500).end();
      });
    });
    const naiveBase = await listen(naive);
    const figures = await fuzzReceiver({ base: naiveBase, leadsFile: file, logs: printed, options, runs: 100, seed: 1 });
    await close(naive);
    expect(figures.answered5xx).toBeGreaterThan(0);
    expect(figures.storedInvalid).toBeGreaterThan(0);
    expect(figures.rawControlLines).toBeGreaterThan(0);
  });
});
