import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_SIZE } from '../../src/shared/card/card-facts.ts';
import { outputFile } from '../../src/site/paths.ts';
import { copyContent } from '../../tools/lib/content-copy.ts';
import { build, type Built, temp } from '../helpers/engine-build.ts';

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

let content: ReturnType<typeof copyContent>;
let cacheDir: string;
let outDir: string;
let first: Built;

beforeAll(async () => {
  content = copyContent();
  cacheDir = temp('cache-');
  outDir = join(temp('out-'), 'dist');
  first = await build({ contentDir: content.dir, cacheDir, outDir });
});
afterAll(() => rmSync(content.dir, { recursive: true, force: true }));

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

  it('writes each card as a valid 1200×630 PNG under 150 KB', () => {
    const cards = new Set(htmlFiles(outDir).map((f) => cardOf(outDir, f).slice(BASE.length + 1)));
    expect(readdirSync(join(outDir, 'cartes')).sort()).toEqual([...cards].map((c) => c.slice('cartes/'.length)).sort());
    for (const card of cards) {
      const bytes = readFileSync(join(outDir, card));
      expect(pngSize(bytes), card).toEqual(CARD_SIZE);
      expect(bytes.length, card).toBeLessThan(150 * 1024);
    }
    expect(first.stats.cards).toBe(cards.size);
  });
});

describe('a card is drawn once, then kept under its inputs', () => {
  it('draws none when the build runs again', async () => {
    const again = await build({ contentDir: content.dir, cacheDir, outDir });
    expect(again.stats).toMatchObject({ cards: 0, written: 'update' });
  });

  it('draws none with the cache restored elsewhere and no dist/ (a CI runner), and publishes the same cards', async () => {
    const restored = temp('restored-cache-');
    cpSync(cacheDir, restored, { recursive: true });
    const ci = join(temp('ci-'), 'dist');
    const built = await build({ contentDir: content.dir, cacheDir: restored, outDir: ci });
    expect(built.stats).toMatchObject({ cards: 0, written: 'fresh' });
    for (const file of readdirSync(join(outDir, 'cartes'))) {
      expect(readFileSync(join(ci, 'cartes', file)).equals(readFileSync(join(outDir, 'cartes', file))), file).toBe(true);
    }
  });

  it('gives a build kept in memory (the live preview) each card’s bytes from the cache, drawing none', async () => {
    const preview = await build({ contentDir: content.dir, cacheDir });
    expect(preview.stats.cards).toBe(0);
    for (const file of readdirSync(join(outDir, 'cartes'))) {
      const output = preview.outputs.get(`cartes/${file}`);
      expect(output?.bytes && Buffer.from(output.bytes).equals(readFileSync(join(outDir, 'cartes', file))), file).toBe(true);
    }
  });

  it('draws again a card that a restored cache holds truncated', async () => {
    const restored = temp('damaged-cache-');
    cpSync(cacheDir, restored, { recursive: true });
    const stored = join(restored, 'v3', 'cards');
    const victim = readdirSync(stored)[0]!;
    const bytes = readFileSync(join(stored, victim));
    writeFileSync(join(stored, victim), bytes.subarray(0, bytes.length - 20));
    const ci = join(temp('ci-'), 'dist');
    const built = await build({ contentDir: content.dir, cacheDir: restored, outDir: ci });
    expect(built.stats.cards).toBe(1);
    expect(readFileSync(join(ci, 'cartes', victim)).equals(bytes)).toBe(true);
  });

  it('changes every card’s URL when the phone of site.md changes', async () => {
    const before = new Map(htmlFiles(outDir).map((f) => [f, cardOf(outDir, f)]));
    const copy = copyContent();
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
