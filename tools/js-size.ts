/**
 * `npm run size`: the JavaScript each kind of page downloads once its islands are hydrated,
 * raw and brotli-compressed, computed from the real build (entry + every chunk it pulls in); then
 * the bytes of the hero photo a phone downloads, in Chromium, on a copy of the content with
 * photos (tools/lib/photo-content.ts), for the densities phones have.
 */
import '../src/cli/production-mode.ts';
import { brotliCompressSync, constants } from 'node:zlib';
import { buildSite, fastBuild } from '../src/engine/index.ts';
import { ASSETS_URL, isEntryScriptPath } from '../src/shared/asset-names.ts';
import { outputFile } from '../src/site/paths.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './lib/chromium.ts';
import { phonePhoto } from './lib/test-photos.ts';
import { contentWithPhotos } from './lib/photo-content.ts';
import { photoDownload } from './lib/photo-bytes.ts';

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

// The hero photo of the home page at 390 px (an iPhone 12 to 16: 3 device pixels per CSS pixel),
// and as Lighthouse's mobile run sees it (412 px at 1.75).
// The hero is a 12 MP phone photo (made by code: tools/lib/test-photos.ts; a real one, with more
// detail, weighs more: the README gives the figure measured on such a photo).
const withPhotos = contentWithPhotos();
writeFileSync(join(withPhotos.dir, 'images/erable-hull.jpg'), await phonePhoto(3024, 4032, 11));
const photoDist = `${withPhotos.dir}-dist`;
await fastBuild({ contentDir: withPhotos.dir, outDir: photoDist });
const browser = await launchChromium();
try {
  console.log('\n| photo principale de l’accueil | largeur × densité | fichier choisi | octets téléchargés |');
  console.log('|---|---|---|---|');
  for (const [label, width, dpr] of [
    ['téléphone 390 px', 390, 3],
    ['téléphone 390 px', 390, 2],
    ['Lighthouse mobile', 412, 1.75],
    ['ordinateur', 1366, 1],
  ] as const) {
    const got = await photoDownload(browser, photoDist, '/', { width, height: 844 }, dpr);
    console.log(`| ${label} | ${width} × ${dpr} | ${got.files.map((f) => f.url.split('/').pop()).join(', ')} | ${(got.total / 1024).toFixed(1)} KiB |`);
  }
} finally {
  await browser.close();
}
