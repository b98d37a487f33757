/**
 * `npm run size`: the JavaScript each kind of page downloads once its islands are hydrated,
 * raw and brotli-compressed, computed from the real build (every chunk the page's inline entry
 * pulls in, src/cli/page-weights.ts), beside the entry the page itself holds; then
 * the bytes of the hero photo a phone downloads, in Chromium, on a copy of the content with
 * photos (tools/lib/photo-content.ts), for the densities phones have.
 */
import '../src/cli/production-mode.ts';
import { brotliCompressSync, constants } from 'node:zlib';
import { buildSite, fastBuild } from '../src/engine/index.ts';
import { pageDownloads } from '../src/cli/page-weights.ts';
import { outputFile } from '../src/site/paths.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './lib/chromium.ts';
import { phonePhoto } from './lib/test-photos.ts';
import { contentWithPhotos } from './lib/photo-content.ts';
import { photoDownload } from './lib/photo-bytes.ts';

const site = await buildSite({ contentDir: 'content' });
const kinds: [string, string][] = [
  ['accueil (formulaire, menu)', '/'],
  ['service (FAQ, menu)', '/services/elagage'],
  ['ville (FAQ, menu)', `/abattage-${site.content.cities[0]!.slug}`],
  ['contact (formulaire, menu)', '/contact'],
  ['à propos (menu)', '/a-propos'],
];
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const brotli = (bytes: string | Uint8Array) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const sum = (files: string[], size: (bytes: string | Uint8Array) => number) => files.reduce((n, f) => n + size(site.files.get(f)!), 0);
console.log('| page | îlots | entrée, dans la page (brotli) | après hydratation : brut | après hydratation : brotli |');
console.log('|---|---|---|---|---|');
for (const [label, path] of kinds) {
  const file = outputFile(path);
  const html = site.files.get(file) as string;
  const islands = [...new Set([...html.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1]!))];
  const entry = /<script type="module">(.*?)<\/script>/s.exec(html)![1]!;
  const { js } = pageDownloads(site.files, file);
  console.log(`| ${label} | ${islands.join(', ')} | ${kib(brotli(entry))} | ${kib(sum(js, (b) => b.length))} | ${kib(sum(js, brotli))} |`);
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
