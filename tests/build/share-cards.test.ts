import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_SIZE, CARDS_MANIFEST, type CardManifest } from '../../src/shared/card/card-facts.ts';
import { createSiteServer } from '../../src/server/static-server.ts';
import { outputFile } from '../../src/site/paths.ts';
import { build, type Built, temp } from '../helpers/engine-build.ts';
import { copySite } from '../helpers/fixture-site.ts';

const BASE = 'https://www.arbo-expert-outaouais.example';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A meta tag's content, by its property or name. */
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"/>`).exec(html)?.[1];
}

/** Width and height from a PNG's header, read by hand: the signature, then IHDR, the first chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const htmlFiles = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
const cardOf = (dir: string, file: string) => meta(readFileSync(join(dir, file), 'utf8'), 'og:image')!;

let content: ReturnType<typeof copySite>;
let cacheDir: string;
let outDir: string;
let first: Built;

beforeAll(async () => {
  content = copySite();
  cacheDir = temp('cache-');
  outDir = join(temp('out-'), 'dist');
  first = await build({ contentDir: content.dir, cacheDir, outDir });
});
afterAll(() => rmSync(content.dir, { recursive: true, force: true }));

/** Every card the pages of a built folder name, as paths under it (`cartes/<name>.png`). */
const namedCards = (dir: string) => new Set(htmlFiles(dir).map((f) => cardOf(dir, f).slice(BASE.length + 1)));

/** A local server over a built folder, as `npm start` and `npm run serve` run it, until `use` is done. */
async function served<T>(root: string, cardCache: string, use: (get: (path: string) => Promise<Response>) => Promise<T>): Promise<T> {
  const server = createSiteServer({ root, leadsFile: join(temp('leads-'), 'leads.jsonl'), log: () => {}, cardCache });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  try {
    return await use((path) => fetch(`http://127.0.0.1:${port}/${path}`));
  } finally {
    await new Promise((closed) => server.close(closed));
  }
}

describe('every page has its own share card', () => {
  it('names, in og:image and twitter:image, an absolute URL of the site under /cartes/, with its type, size and French alt', () => {
    const files = htmlFiles(outDir);
    expect(files.length).toBe(first.routes.length);
    for (const file of files) {
      const html = readFileSync(join(outDir, file), 'utf8');
      const image = meta(html, 'og:image');
      expect(image, file).toMatch(new RegExp(`^${BASE}/cartes/[\\w-]+\\.png$`));
      expect(meta(html, 'twitter:image'), file).toBe(image);
      expect(meta(html, 'twitter:card'), file).toBe('summary_large_image');
      expect(meta(html, 'og:image:type'), file).toBe('image/png');
      expect(meta(html, 'og:image:width'), file).toBe('1200');
      expect(meta(html, 'og:image:height'), file).toBe('630');
      const title = /<title>([^<]*)<\/title>/.exec(html)![1]!.replace(/ \| .*$/, '');
      expect(meta(html, 'og:image:alt'), file).toBe(`${title} — Arbo Expert Outaouais, 819 555-0142`);
    }
  });

  it('gives each page a card no other page has, and an alias the card of its primary page', () => {
    const byPage = new Map<string, string>();
    for (const route of first.routes.filter((r) => r.path === r.canonical)) byPage.set(route.path, cardOf(outDir, outputFile(route.path)));
    expect(new Set(byPage.values()).size).toBe(byPage.size);
    const aliases = first.routes.filter((r) => r.path !== r.canonical);
    expect(aliases.length).toBeGreaterThan(0);
    for (const alias of aliases) expect(cardOf(outDir, outputFile(alias.path)), alias.path).toBe(byPage.get(alias.canonical));
  });

  it('draws none in the build: dist/ lists each page’s card with what it shows (cartes/cartes.json), for the host to draw', () => {
    expect(first.stats.cards).toBe(0);
    const cards = namedCards(outDir);
    expect(readdirSync(join(outDir, 'cartes'))).toEqual(['cartes.json']);
    const manifest = JSON.parse(readFileSync(join(outDir, CARDS_MANIFEST), 'utf8')) as CardManifest;
    expect(Object.keys(manifest).sort()).toEqual([...cards].map((c) => c.slice('cartes/'.length)).sort());
    expect(manifest[Object.keys(manifest).find((n) => n.startsWith('abattage-hull-'))!]).toMatchObject({ line: 'Hull', company: 'Arbo Expert Outaouais', phone: '819 555-0142' });
  });
});

describe('the local servers draw a card on its first request (npm start, serve, the live preview)', () => {
  it('answers each page’s card URL with a valid 1200×630 PNG under 150 KB, its own, kept a year', async () => {
    const cards = namedCards(outDir);
    const drawn = temp('served-cards-');
    const bytes = await served(outDir, drawn, async (get) => {
      const all = new Map<string, Buffer>();
      for (const card of cards) {
        const response = await get(card);
        expect(response.status, card).toBe(200);
        expect(response.headers.get('content-type'), card).toBe('image/png');
        expect(response.headers.get('cache-control'), card).toBe('public, max-age=31536000, immutable');
        all.set(card, Buffer.from(await response.arrayBuffer()));
      }
      return all;
    });
    for (const [card, png] of bytes) {
      expect(pngSize(png), card).toEqual(CARD_SIZE);
      expect(png.length, card).toBeLessThan(150 * 1024);
    }
    expect(new Set([...bytes.values()].map((b) => b.toString('base64'))).size).toBe(cards.size);
    // Kept under its name: the next server (a restarted npm start) reads them instead of drawing.
    expect(readdirSync(drawn).sort()).toEqual([...cards].map((c) => c.slice('cartes/'.length)).sort());
    // Proof that it reads: one card's file given another's bytes is served as kept, not drawn again.
    const [card, other] = [[...bytes.keys()][0]!, [...bytes.values()][1]!];
    writeFileSync(join(drawn, card.slice('cartes/'.length)), other);
    await served(outDir, drawn, async (get) => expect(Buffer.from(await (await get(card)).arrayBuffer()).equals(other)).toBe(true));
  });

  it('answers the 404 page for a card name the build does not list', async () => {
    await served(outDir, temp('served-cards-'), async (get) => {
      const response = await get('cartes/abattage-hull-000000000000.png');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    });
  });
});

describe('a build for a host without the Worker (--cards) draws each card once, then keeps it under its inputs', () => {
  let drawnDir: string;
  let drawnCache: string;
  beforeAll(async () => {
    drawnCache = temp('cache-');
    drawnDir = join(temp('out-'), 'dist');
    const drawn = await build({ contentDir: content.dir, cacheDir: drawnCache, outDir: drawnDir, cards: 'with-build' });
    expect(drawn.stats.cards).toBe(namedCards(drawnDir).size);
  });

  it('writes each card as a valid 1200×630 PNG under 150 KB, beside the list', () => {
    const cards = namedCards(drawnDir);
    expect(readdirSync(join(drawnDir, 'cartes')).sort()).toEqual(['cartes.json', ...[...cards].map((c) => c.slice('cartes/'.length))].sort());
    for (const card of cards) {
      const bytes = readFileSync(join(drawnDir, card));
      expect(pngSize(bytes), card).toEqual(CARD_SIZE);
      expect(bytes.length, card).toBeLessThan(150 * 1024);
    }
  });

  it('draws none when the build runs again', async () => {
    const again = await build({ contentDir: content.dir, cacheDir: drawnCache, outDir: drawnDir, cards: 'with-build' });
    expect(again.stats).toMatchObject({ cards: 0, written: 'update' });
  });

  it('draws none with the cache restored elsewhere and no dist/ (a CI runner), and publishes the same cards', async () => {
    const restored = temp('restored-cache-');
    cpSync(drawnCache, restored, { recursive: true });
    const ci = join(temp('ci-'), 'dist');
    const built = await build({ contentDir: content.dir, cacheDir: restored, outDir: ci, cards: 'with-build' });
    expect(built.stats).toMatchObject({ cards: 0, written: 'fresh' });
    for (const file of readdirSync(join(drawnDir, 'cartes')).filter((f) => f.endsWith('.png'))) {
      expect(readFileSync(join(ci, 'cartes', file)).equals(readFileSync(join(drawnDir, 'cartes', file))), file).toBe(true);
    }
  });

  it('gives a build kept in memory (the live preview) each card’s bytes from the cache, drawing none', async () => {
    const preview = await build({ contentDir: content.dir, cacheDir: drawnCache, cards: 'with-build' });
    expect(preview.stats.cards).toBe(0);
    for (const file of readdirSync(join(drawnDir, 'cartes')).filter((f) => f.endsWith('.png'))) {
      const output = preview.outputs.get(`cartes/${file}`);
      expect(output?.bytes && Buffer.from(output.bytes).equals(readFileSync(join(drawnDir, 'cartes', file))), file).toBe(true);
    }
  });

  it('draws again a card that a restored cache holds truncated', async () => {
    const restored = temp('damaged-cache-');
    cpSync(drawnCache, restored, { recursive: true });
    const stored = join(restored, 'v3', 'cards');
    const victim = readdirSync(stored)[0]!;
    const bytes = readFileSync(join(stored, victim));
    writeFileSync(join(stored, victim), bytes.subarray(0, bytes.length - 20));
    const ci = join(temp('ci-'), 'dist');
    const built = await build({ contentDir: content.dir, cacheDir: restored, outDir: ci, cards: 'with-build' });
    expect(built.stats.cards).toBe(1);
    expect(readFileSync(join(ci, 'cartes', victim)).equals(bytes)).toBe(true);
  });

  it('changes every card’s URL when the phone of site.md changes', async () => {
    const before = new Map(htmlFiles(outDir).map((f) => [f, cardOf(outDir, f)]));
    const copy = copySite();
    copy.edit('site.md', (t) => t.replace('phone: "819 555-0142"', 'phone: "819 555-0199"'));
    const after = await build({ contentDir: copy.dir, cacheDir: null });
    for (const [file, card] of before) {
      const html = new TextDecoder().decode(after.outputs.get(file)!.bytes);
      const now = meta(html, 'og:image')!;
      expect(now, file).not.toBe(card);
      expect(after.outputs.has(now.slice(BASE.length + 1)), file).toBe(true);
    }
    rmSync(copy.dir, { recursive: true, force: true });
  });
});
