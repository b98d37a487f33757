/**
 * Builds the real site plus N generated city pages (default 4,000) and prints the figures.
 * `npm run bench` or `npm run bench -- --cities 10000 --runs 5`.
 */
import './lib/production.ts';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../src/build/build-site.ts';
import { writeSite } from '../src/build/write-site.ts';

const { values } = parseArgs({ options: { cities: { type: 'string', default: '4000' }, runs: { type: 'string', default: '3' } } });
const count = Number(values.cities);
const runs = Number(values.runs);

const root = mkdtempSync(join(tmpdir(), 'bench-'));
const contentDir = join(root, 'content');
cpSync('content', contentDir, { recursive: true });
const template = readFileSync('content/cities/gatineau.md', 'utf8');
for (let i = 1; i <= count; i++) {
  const text = template
    .replace(/^slug: .*$/m, `slug: "ville-${i}"`)
    .replace(/^name: .*$/m, `name: "Ville ${i}"`)
    .replace(/^order: .*$/m, `order: ${1000 + i}`)
    .replace(/^featured: .*$/m, 'featured: false')
    .replaceAll('Gatineau', `Ville ${i}`);
  writeFileSync(join(contentDir, 'cities', `ville-${i}.md`), text);
}

const times: number[] = [];
const phases: Record<string, number>[] = [];
let pages = 0;
let bytes = 0;
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const site = await buildSite({ contentDir });
  const written = performance.now();
  writeSite(site.files, join(root, 'dist'));
  times.push(performance.now() - started);
  phases.push({ ...site.timings, write: performance.now() - written });
  pages = [...site.files.keys()].filter((f) => f.endsWith('.html')).length;
  bytes = [...site.files.values()].reduce((n, b) => n + (typeof b === 'string' ? Buffer.byteLength(b) : b.length), 0);
}
rmSync(root, { recursive: true, force: true });

const medianRun = phases[times.indexOf([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!)]!;
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(`Contenu : site réel + ${count} villes générées → ${pages} pages HTML, ${(bytes / 1e6).toFixed(1)} Mo écrits`);
console.log(`Construction complète (lecture, validation, Markdown, rendu, esbuild, liens, écriture) sur ${runs} essais :`);
console.log(`  médiane ${(median / 1000).toFixed(2)} s · meilleur ${(times[0]! / 1000).toFixed(2)} s · pire ${(times.at(-1)! / 1000).toFixed(2)} s · ${Math.round(pages / (median / 1000))} pages/s`);
const labels: Record<string, string> = { content: 'lecture + validation + Markdown', assets: 'esbuild + CSS', render: 'rendu React', links: 'liens', write: 'écriture' };
console.log(`  essai médian : ${Object.entries(medianRun).map(([k, ms]) => `${labels[k]} ${(ms / 1000).toFixed(2)} s`).join(' · ')}`);
console.log(`  mémoire max (RSS) ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} Mo · Node ${process.version} · ${(await import('node:os')).cpus().length} cœurs`);
// Reference figures given in issue 2 for 4,000 generated city pages on the team's machines.
console.log('  repères (issue 2, 4 000 pages de villes) : Eleventy 5.7 s · Hugo 1.8 s');
