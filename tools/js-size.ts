/**
 * `npm run size`: the JavaScript each kind of page downloads once its islands are hydrated,
 * raw and brotli-compressed, computed from the real build (entry + every chunk it pulls in).
 */
import '../src/cli/production-mode.ts';
import { brotliCompressSync, constants } from 'node:zlib';
import { buildSite } from '../src/engine/build-site.ts';
import { ASSETS_URL, isEntryScriptPath } from '../src/shared/asset-names.ts';
import { outputFile } from '../src/site/paths.ts';

const site = await buildSite({ contentDir: 'content' });
const js = (url: string) => site.files.get(url.replace(/^\//, '')) as Uint8Array;
const text = (url: string) => Buffer.from(js(url)).toString('utf8');

/** Static imports of a chunk, followed to the end. */
function closure(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  for (const m of text(url).matchAll(/(?:import|export)[^"']*?from\s*["']\.\/([^"']+\.js)["']/g)) closure(`${ASSETS_URL}${m[1]}`, seen);
  return seen;
}

const entryUrl = [...site.files.keys()].find(isEntryScriptPath)!;
const entry = `/${entryUrl}`;
const islandChunk = Object.fromEntries(
  [...text(entry).matchAll(/"?([\w-]+)"?:\(\)=>import\("\.\/([^"]+\.js)"\)/g)].map((m) => [m[1]!, `${ASSETS_URL}${m[2]}`]),
);

const kinds: [string, string][] = [
  ['accueil (formulaire, menu)', '/'],
  ['service (FAQ, menu)', '/services/elagage'],
  ['ville (FAQ, menu)', `/abattage-${site.content.cities[0]!.slug}`],
  ['contact (formulaire, menu)', '/contact'],
  ['à propos (menu)', '/a-propos'],
];
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const brotli = (u: string) => brotliCompressSync(js(u), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const sum = (urls: Iterable<string>, size: (u: string) => number) => [...urls].reduce((n, u) => n + size(u), 0);
const atLoad = sum(closure(entry), brotli);
console.log('| page | îlots | au chargement (brotli) | après hydratation : brut | après hydratation : brotli |');
console.log('|---|---|---|---|---|');
for (const [label, path] of kinds) {
  const html = site.files.get(outputFile(path)) as string;
  const islands = [...new Set([...html.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1]!))];
  const urls = new Set<string>(closure(entry));
  for (const island of islands) for (const u of closure(islandChunk[island]!)) urls.add(u);
  console.log(`| ${label} | ${islands.join(', ')} | ${kib(atLoad)} | ${kib(sum(urls, (u) => js(u).length))} | ${kib(sum(urls, brotli))} |`);
}
