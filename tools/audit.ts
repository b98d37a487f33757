/**
 * `npm run audit`: builds the site for a local origin, serves it, and runs Lighthouse (default
 * mobile mode) in Debian's Chromium on one page of each kind. Prints the table, writes the HTML
 * and JSON reports to reports/, then what each page sends before it can paint (HTML and
 * render-blocking CSS, compressed as served) and the navigation probe (city → contact, with and
 * without speculation rules); each of the three tables goes to bench/results/audit-*.json and the docs. Slow (a few minutes), so it is not part of `npm test`.
 * `-- --photos`: the real content plus photos (tools/lib/photo-content.ts): the home page, Hull
 * and the pruning service then have a hero photo, and Hull a photo in its text.
 * `-- --runs 3`: each page three times, in alternation; a row is the run with the median LCP (the
 * LCP of one run varies by ±100 ms on a 2-core machine). Two reference pages are measured with the
 * site's (tools/lib/lcp-reference.ts): what any page costs there, and what the script adds.
 */
import '../src/cli/production-mode.ts';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { PATHS } from '../src/site/paths.ts';
import { fastBuild } from '../src/engine/index.ts';
import { createSiteServer, encodeBody } from '../src/server/static-server.ts';
import { FIRST_ROUND_TRIP_BYTES, firstPaintFiles } from '../src/cli/page-weights.ts';
import { outputFile } from '../src/site/paths.ts';
import { median, probeNavigation } from './lib/navigation-probe.ts';
import { CHROME_FLAGS, CHROME_PATH, assertChromium } from './lib/chromium.ts';
import { contentWithPhotos } from './lib/photo-content.ts';
import { writeReferencePages } from './lib/lcp-reference.ts';
import type { LighthouseResult } from './lighthouse/run.mjs';
import { publishResults } from './lib/doc-tables.ts';
import { commandLine } from './lib/results.ts';
import { ensureKit, KITS } from './kits/ensure.mjs';

/**
 * Lighthouse and chrome-launcher come from tools/lighthouse/ (about 190 MB the site's own install
 * does without), a kit installed there from its package-lock.json the first time the audit runs.
 */
async function lighthouseInstalled(): Promise<typeof import('./lighthouse/run.mjs')> {
  ensureKit(KITS.lighthouse, { link: false });
  return import('./lighthouse/run.mjs');
}

const { values } = parseArgs({
  options: { content: { type: 'string', default: 'content' }, photos: { type: 'boolean', default: false }, runs: { type: 'string', default: '1' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs} : un nombre entier d’au moins 1 attendu`);
const contentDir = values.photos ? contentWithPhotos().dir : values.content;
assertChromium();
// The server reads dist/ per request, so it can listen first: the build needs its origin, since
// canonical links and structured data must name the origin Lighthouse visits.
const distDir = join(mkdtempSync(join(tmpdir(), 'audit-')), 'dist');
const server = createSiteServer({ root: distDir, leadsFile: join(tmpdir(), 'audit-leads.jsonl'), log: () => {} });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const site = await fastBuild({ contentDir, siteUrl: origin, outDir: distDir });

const cities = site.content.cities;
const pages: [string, string][] = [
  ['accueil', '/'],
  ['services', '/services'],
  ...site.content.services.map((s) => [`service ${s.slug}`, `/services/${s.slug}`] as [string, string]),
  ['urgence', '/urgence'],
  ['zones', '/zones-desservies'],
  [`ville ${cities[0]!.slug}`, `/abattage-${cities[0]!.slug}`],
  [`ville ${cities.at(-1)!.slug}`, `/abattage-${cities.at(-1)!.slug}`],
  ...(values.photos ? [['ville hull (photos)', '/abattage-hull'] as [string, string]] : []),
  ['à propos', '/a-propos'],
  ['contact', '/contact'],
  // Lighthouse refuses to audit a document answered with status 404, so the not-found page is
  // audited at /404, where static hosts serve the same 404.html with status 200.
  ['introuvable', '/404'],
  // The English site: its home, a service, a city and the contact page.
  ...(site.contents.en
    ? ([
        ['en home', PATHS.en.home],
        [`en service ${site.contents.en.services[0]!.slug}`, PATHS.en.service(site.contents.en.services[0]!)],
        [`en city ${cities[0]!.slug}`, PATHS.en.city(cities[0]!)],
        ['en contact', PATHS.en.contact],
      ] as [string, string][])
    : []),
];
const references = writeReferencePages(distDir, outputFile('/contact'));

mkdirSync('reports', { recursive: true });
const { lighthouse, launchChrome, lighthouseVersion } = await lighthouseInstalled();
const chrome = await launchChrome(CHROME_PATH, ['--headless=new', ...CHROME_FLAGS]);
type Result = LighthouseResult;
const results = new Map<string, Result[]>();
const lcp = (r: Result) => r.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
// A run where Lighthouse could not tell the LCP sorts last: the median is taken from the others first.
const byLcp = (a: Result, b: Result) => (Number.isNaN(lcp(a)) ? Infinity : lcp(a)) - (Number.isNaN(lcp(b)) ? Infinity : lcp(b));
const rows: string[][] = [];
const ATTEMPTS = 3;

/** One Lighthouse run of a page; a run Lighthouse itself could not measure, which asks to be run again, is run again, and said. */
async function audited(path: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${origin}${path}`, { port: chrome.port, output: ['html', 'json'], logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const error = result.lhr.runtimeError;
    if (!error || attempt === ATTEMPTS) return result;
    console.log(`${path} : Lighthouse n’a pas pu mesurer la page (${error.code}), nouvel essai (${attempt + 1}/${ATTEMPTS})`);
  }
}
try {
  for (let run = 0; run < runs; run++) {
    for (const [, path] of [...pages, ...references]) {
      results.set(path, [...(results.get(path) ?? []), await audited(path)]);
    }
  }
  for (const [name, path] of [...pages, ...references]) {
    const { lhr, report } = [...results.get(path)!].sort(byLcp)[Math.floor(runs / 2)]!;
    const slug = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    writeFileSync(`reports/${slug}.html`, report[0]!);
    writeFileSync(`reports/${slug}.json`, report[1]!);
    const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const resources = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    const transfer = (type: string) => resources.find((i) => i.resourceType === type)?.transferSize ?? 0;
    rows.push([
      name,
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      `${(audit('largest-contentful-paint') / 1000).toFixed(2)} s`,
      `${Math.round(audit('total-blocking-time'))} ms`,
      audit('cumulative-layout-shift').toFixed(3),
      `${(audit('total-byte-weight') / 1024).toFixed(1)} KiB`,
      `${(transfer('script') / 1024).toFixed(1)} KiB`,
      `${(transfer('image') / 1024).toFixed(1)} KiB`,
    ]);
    const below = Object.values(lhr.categories).filter((c) => (c.score ?? 0) < 1);
    for (const c of below) {
      const failing = c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => r.id);
      console.error(`  ${name} ${path} — ${c.title} ${Math.round((c.score ?? 0) * 100)} : ${failing.join(', ')}`);
    }
  }
} finally {
  await chrome.kill();
  server.close();
}

const head = ['page', 'perf', 'a11y', 'pratiques', 'SEO', 'LCP', 'TBT', 'CLS', 'transféré', 'scripts', 'images'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log([line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
console.log(`Rapports : reports/*.html et *.json (Lighthouse ${lighthouseVersion}, mobile par défaut)`);
const lighthouseNote = runs > 1 ? [`Chaque ligne : l’essai au LCP médian de ${runs}, en alternance.`] : [];
publishResults('audit-pages', commandLine('audit'), {
  caption: `Lighthouse ${lighthouseVersion} (mobile par défaut, Chromium de Debian) sur une page de chaque sorte${values.photos ? ', contenu réel et photos' : ''}.`,
  header: head,
  rows,
  notes: lighthouseNote,
});
if (runs > 1) console.log(`Chaque ligne : l’essai au LCP médian de ${runs}, en alternance. LCP de chaque essai :\n${[...results].map(([path, r]) => `  ${path} : ${r.map((x) => Math.round(lcp(x))).join(', ')} ms`).join('\n')}`);

// What arrives in the first round trip: each page's HTML and render-blocking CSS, compressed by
// the very function our server answers with (brotli 6 for every current browser, gzip otherwise).
const files = new Map(
  readdirSync(distDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => [relative(distDir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name))] as const),
);
const served = (file: string, encoding: 'br' | 'gzip') => encodeBody(files.get(file)!, encoding).length;
const bytesRows = pages.map(([name, path]) => {
  const file = path === '/404' ? '404.html' : outputFile(path);
  const needed = firstPaintFiles(files, file);
  const sum = (encoding: 'br' | 'gzip') => needed.reduce((total, f) => total + served(f, encoding), 0);
  const [html, css] = [served(file, 'br'), sum('br') - served(file, 'br')];
  return [name, String(html), String(css), String(sum('br')), String(sum('gzip')), sum('br') < FIRST_ROUND_TRIP_BYTES && sum('gzip') < FIRST_ROUND_TRIP_BYTES ? 'oui' : 'NON'];
});
const bytesHead = ['page', 'HTML br', 'CSS br', 'total br', 'total gzip', `< ${FIRST_ROUND_TRIP_BYTES} o`];
const bytesWidths = bytesHead.map((h, i) => Math.max(h.length, ...bytesRows.map((r) => r[i]!.length)));
const bytesLine = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(bytesWidths[i]!)).join(' | ')} |`;
console.log(`\nAvant de peindre (octets compressés comme notre serveur les envoie : brotli qualité 6, ou gzip) :`);
console.log([bytesLine(bytesHead), bytesLine(bytesWidths.map((w) => '-'.repeat(w))), ...bytesRows.map(bytesLine)].join('\n'));
publishResults('audit-first-paint', commandLine('audit'), {
  caption: 'Avant de peindre : le HTML de chaque page et son CSS bloquant, en octets compressés comme notre serveur les envoie (brotli qualité 6, ou gzip).',
  header: bytesHead,
  rows: bytesRows,
});

const nav = await probeNavigation(distDir, cities[0]!.slug);
console.log(
  `\nTape → page suivante peinte (Chromium, ville → contact, aller-retour simulé de 150 ms, ${nav.withRules.length} essais de chaque, en alternance) :` +
    `\n  avec les règles de spéculation : médiane ${median(nav.withRules)} ms (${nav.withRules.join(', ')} ; ${nav.prerendered} prérendues)` +
    `\n  sans les règles : médiane ${median(nav.withoutRules)} ms (${nav.withoutRules.join(', ')})`,
);
publishResults('audit-navigation', commandLine('audit'), {
  caption: `Tape → page suivante peinte : Chromium, ville → contact, aller-retour simulé de 150 ms, ${nav.withRules.length} essais de chaque, en alternance.`,
  header: ['navigation', 'médiane', 'essais'],
  rows: [
    [`avec les règles de spéculation (${nav.prerendered} prérendues)`, `${median(nav.withRules)} ms`, nav.withRules.join(', ')],
    ['sans les règles', `${median(nav.withoutRules)} ms`, nav.withoutRules.join(', ')],
  ],
});
