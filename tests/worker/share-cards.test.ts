import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCardPng } from '../../src/shared/card/card-facts.ts';
import { drawCard } from '../../src/shared/card/draw-node.ts';
import { startWorker, workerBundle } from '../../tools/lib/worker-sandbox.ts';

const SITE = new URL('./site', import.meta.url).pathname;
const NAME = 'abattage-hull-aaaaaaaaaaaa.png';

let mf: Miniflare;
let url: URL;
let assets: string;
let card: Uint8Array;

beforeAll(async () => {
  // The Worker's test site, with one card as `npm run build -- --cards` draws it beside the pages.
  assets = mkdtempSync(join(tmpdir(), 'worker-cards-'));
  cpSync(SITE, assets, { recursive: true });
  mkdirSync(join(assets, 'cartes'));
  card = await drawCard({ title: 'Abattage d’arbres à Hull', line: 'Hull', company: 'Arbo Expert Outaouais', phone: '819 555-0142' });
  writeFileSync(join(assets, 'cartes', NAME), card);
  ({ mf, url } = await startWorker({ assets, outbound: async () => new Response('hors ligne', { status: 503 }) }));
});
afterAll(async () => {
  await mf?.dispose();
  rmSync(assets, { recursive: true, force: true });
});

describe('share cards on Workers Free: drawn by the build, served as static assets', () => {
  it('serves a card the build drew, byte for byte, as a PNG', async () => {
    const response = await mf.dispatchFetch(new URL(`/cartes/${NAME}`, url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(isCardPng(bytes)).toBe(true);
    expect(Buffer.from(bytes).equals(Buffer.from(card))).toBe(true);
  });

  it('answers the site’s 404 for a card the build did not draw', async () => {
    const response = await mf.dispatchFetch(new URL('/cartes/abattage-hull-cccccccccccc.png', url));
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });

  it('keeps satori, resvg and HarfBuzz out of the Worker: its code is the lead path, under 150 KiB', async () => {
    const code = await workerBundle();
    expect(code).not.toMatch(/satori|resvg|harfbuzz/i);
    expect(code.length).toBeLessThan(150 * 1024);
  });
});
