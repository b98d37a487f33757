import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardManifest, CARD_SIZE, CARDS_MANIFEST, isCardPng } from '../../src/shared/card/card-facts.ts';
import { drawCard } from '../../src/shared/card/draw-node.ts';
import { IMMUTABLE_CACHE_CONTROL } from '../../src/shared/settings.ts';
import { startWorker } from '../../tools/lib/worker-sandbox.ts';

const SITE = new URL('./site', import.meta.url).pathname;
const company = { company: 'Arbo Expert Outaouais', phone: '819 555-0142' };
const MANIFEST: CardManifest = {
  'abattage-hull-aaaaaaaaaaaa.png': { title: 'Abattage d’arbres à Hull', line: 'Hull', ...company },
  'services-elagage-bbbbbbbbbbbb.png': { title: 'Élagage en Outaouais', line: 'Élagage', ...company },
};

let mf: Miniflare;
let url: URL;
let assets: string;

beforeAll(async () => {
  // The Worker's test site, with the list of cards a build writes beside the pages.
  assets = mkdtempSync(join(tmpdir(), 'worker-cards-'));
  cpSync(SITE, assets, { recursive: true });
  mkdirSync(join(assets, 'cartes'));
  writeFileSync(join(assets, CARDS_MANIFEST), JSON.stringify(MANIFEST));
  ({ mf, url } = await startWorker({ assets, outbound: async () => new Response('hors ligne', { status: 503 }) }));
});
afterAll(async () => {
  await mf?.dispose();
  rmSync(assets, { recursive: true, force: true });
});

const get = (name: string) => mf.dispatchFetch(new URL(`/cartes/${name}`, url));

describe('GET /cartes/<name>.png in workerd: a share card drawn on its first request', () => {
  it('draws each card the build lists as a valid 1200×630 PNG, distinct per page, kept a year under its name', async () => {
    const cards = new Map<string, Uint8Array>();
    for (const name of Object.keys(MANIFEST)) {
      const response = await get(name);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(isCardPng(bytes), name).toBe(true);
      const view = new DataView(bytes.buffer);
      expect({ width: view.getUint32(16), height: view.getUint32(20) }).toEqual(CARD_SIZE);
      cards.set(name, bytes);
    }
    const [hull, elagage] = [...cards.values()];
    expect(Buffer.from(hull!).equals(Buffer.from(elagage!))).toBe(false);
  });

  it('draws the same bytes as the local servers (resvg 2.6.2 in WebAssembly and in Node): a name means one image everywhere', async () => {
    const [name, facts] = Object.entries(MANIFEST)[0]!;
    const inWorker = Buffer.from(await (await get(name)).arrayBuffer());
    expect(inWorker.equals(Buffer.from(await drawCard(facts)))).toBe(true);
  });

  it('keeps a drawn card in the zone’s cache under its URL: the next request draws nothing', async () => {
    const name = Object.keys(MANIFEST)[1]!;
    const first = Buffer.from(await (await get(name)).arrayBuffer());
    // Miniflare types its caches with workers-types, which this project does not load.
    const caches = (await mf.getCaches()) as unknown as { default: { match(url: string): Promise<Response | undefined> } };
    const stored = await caches.default.match(new URL(`/cartes/${name}`, url).href);
    expect(stored?.status).toBe(200);
    expect(Buffer.from(await stored!.arrayBuffer()).equals(first)).toBe(true);
  });

  it('answers the site’s 404 for a name the build does not list, and draws nothing for it', async () => {
    for (const name of ['abattage-hull-cccccccccccc.png', '..%2F404.png', 'cartes.json.png']) {
      const response = await get(name);
      expect(response.status, name).toBe(404);
      await response.arrayBuffer();
    }
  });
});
