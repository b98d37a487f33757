import './harfbuzz-in-workerd.ts';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import inter from '@fontsource/inter/files/inter-latin-700-normal.woff';
import satori, { init as initLayout } from 'satori/standalone';
import layoutWasm from 'satori/layout.wasm';
import { type CardManifest, CARDS_MANIFEST, cardName } from '../shared/card/card-facts.ts';
import { drawCardWith } from '../shared/card/draw.ts';
import { IMMUTABLE_CACHE_CONTROL } from '../shared/settings.ts';
import type { Env, ExecutionContext } from './env.ts';

/** The Cache API's zone cache: workerd's, which the DOM's CacheStorage type does not name. */
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** Both WebAssembly modules, compiled by wrangler at deploy, instantiated once per isolate. */
let ready: Promise<unknown> | undefined;
/** The build's list of cards: the same for the whole life of an isolate, which serves one deploy. */
let manifest: Promise<CardManifest> | undefined;

/**
 * GET /cartes/<name>.png: a page's share card, drawn on its first request (~0.1 s of CPU) from
 * the facts the build listed, then kept by the zone's cache under its immutable name, as
 * @vercel/og and workers-og do: the build draws none. A card the build drew (`--cards`) is
 * served from the assets as is; a name the build does not list is the site's 404.
 */
export async function handleShareCard(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('GET attendu', { status: 405, headers: { Allow: 'GET, HEAD' } });
  const cache = edgeCache();
  const key = new Request(request.url);
  const cached = await cache.match(key);
  if (cached) return cached;
  const stored = await env.ASSETS.fetch(key);
  if (stored.ok) return stored;
  const name = cardName(new URL(request.url).pathname);
  const facts = name ? (await cardManifest(env, request.url))[name] : undefined;
  if (!facts) return stored;
  ready ??= Promise.all([initWasm(resvgWasm), initLayout(layoutWasm)]);
  await ready;
  const png = await drawCardWith(facts, { satori, resvg: (svg, options) => new Resvg(svg, options), font: inter });
  const response = new Response(png, {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': IMMUTABLE_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' },
  });
  ctx.waitUntil(cache.put(key, response.clone()));
  return request.method === 'HEAD' ? new Response(null, response) : response;
}

function cardManifest(env: Env, url: string): Promise<CardManifest> {
  manifest ??= env.ASSETS.fetch(new URL(CARDS_MANIFEST, url).href).then(async (response) => {
    // A site built without it names no card.
    if (response.status === 404) return {};
    if (!response.ok) throw new Error(`${CARDS_MANIFEST} : ${response.status}`);
    return (await response.json()) as CardManifest;
  });
  // A failed read is tried again by the next request, not remembered.
  manifest.catch(() => (manifest = undefined));
  return manifest;
}
