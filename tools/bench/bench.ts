/**
 * `npm run bench`: what a user waits for, the whole build process from the command to its exit,
 * ours beside Eleventy and Hugo on the same generated Markdown, in alternating runs.
 *
 *   npm run bench                          1,000 and 4,000 pages, 5 runs each (cold; cache and dist/
 *                                          kept; cache kept but dist/ deleted), + the real site,
 *                                          + a fresh clone's first `npm start` (tools/bench/fresh-start.ts)
 *                                          + the live preview's latency (tools/bench/bench-preview.ts)
 *                                          + 20 photos cold and warm (tools/bench/bench-photos.ts)
 *   npm run bench -- --pages 1000 --runs 3
 *
 * Needs Debian's `hugo` and `time` packages (apt-get install hugo time); Eleventy is installed
 * from tools/bench/peers/eleventy/package-lock.json on first use. Prints its tables and writes them to
 * bench/results/ (build-speed, preview-latency, photos.json), then to the docs' tables; times nothing
 * inside an already warm process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCommand } from './build-command.ts';
import { measureFreshStart, servingOn } from './fresh-start.ts';
import { measurePhotos, photosTable } from './bench-photos.ts';
import { measurePreview, previewTable } from './bench-preview.ts';
import { publishResults } from '../lib/doc-tables.ts';
import { commandLine, markdownTable } from '../lib/results.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000,4000' },
    runs: { type: 'string', default: '5' },
  },
});
// `--pages 0`: the real site alone, without the generated sites and the peers.
const SIZES = values.pages.split(',').map(Number).filter((n) => n > 0);
const RUNS = Number(values.runs);
const ROOT = process.cwd();
const BENCH = join(ROOT, 'tools', 'bench');
const WORK = join(BENCH, '.work');
const PEERS = join(BENCH, 'peers');

interface Sample {
  ms: number;
  rssMb: number;
  /** User + system CPU time: what the build itself costs, whatever else the machine runs meanwhile. */
  cpuMs: number;
}

/** One whole process, timed from spawn to exit; peak RSS (all its threads) from GNU time. */
function measure(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Sample {
  const started = process.hrtime.bigint();
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S %M', command, ...args], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  const [user, system, rssKb] = run.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number];
  return { ms, rssMb: rssKb / 1024, cpuMs: (user + system) * 1000 };
}

function need(ok: boolean, message: string): void {
  if (!ok) {
    console.error(message);
    process.exit(2);
  }
}

need(existsSync('/usr/bin/time'), 'GNU time manque (il mesure la mémoire de pointe) : apt-get install time');
need(SIZES.length === 0 || spawnSync('hugo', ['version']).status === 0, 'Hugo manque : apt-get install hugo');
if (SIZES.length > 0 && !existsSync(join(PEERS, 'eleventy/node_modules'))) {
  console.log('Installation d’Eleventy (tools/bench/peers/eleventy)…');
  need(spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: join(PEERS, 'eleventy'), stdio: 'inherit' }).status === 0, 'npm ci a échoué dans tools/bench/peers/eleventy');
}
need(spawnSync(process.execPath, ['bin/cli.mjs', 'prepare'], { stdio: 'inherit' }).status === 0, 'le bundle de la CLI n’a pas pu être fait');
mkdirSync(WORK, { recursive: true });

interface Variant {
  name: string;
  /** Untimed: put the folders in the state this variant starts from. */
  prepare: (run: number) => void;
  command: [string, string[]];
  pages: number;
}

const node = process.execPath;
const clear = (...dirs: string[]) => dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
/** build.sh moves the previous output aside instead of deleting it: delete those, untimed. */
const clearAside = (out: string) => {
  const parent = resolve(out, '..');
  for (const name of readdirSync(parent)) if (name.startsWith(`${out.split('/').at(-1)}.old.`)) clear(join(parent, name));
};

function variantsFor(n: number): Variant[] {
  const md = join(WORK, `md-${n}`);
  const ours = join(WORK, `ours-${n}`);
  spawnSync(node, [join(BENCH, 'gen-content.mjs'), String(n), md], { stdio: 'ignore' });
  spawnSync(node, [join(BENCH, 'make-content.mjs'), md, ROOT, ours], { stdio: 'ignore' });
  const out = (name: string) => join(WORK, `out-${name}-${n}`);
  const cache = join(WORK, `cache-${n}`);
  const oursBuild = buildCommand(ROOT, '--content', ours, '--out', out('ours'), '--cache', cache);
  const cityPages = 2 * n + readdirSync(join(ROOT, 'content/cities')).length * 2 + 14;
  const edited = join(ours, 'cities', `ville-${String(Math.ceil(n / 2)).padStart(4, '0')}.md`);
  const edit = (run: number, why: string) => appendFileSync(edited, `\nUne phrase ajoutée au passage ${run} (${why}) pour que ce fichier change.\n`);
  return [
    { name: 'nous, à froid', prepare: () => clear(out('ours'), cache), command: oursBuild, pages: cityPages },
    { name: 'nous, cache présent, 1 ville modifiée', prepare: (run) => edit(run, 'dist/ présent'), command: oursBuild, pages: cityPages },
    {
      // A CI runner: actions/cache brings .cache/build back, never dist/.
      name: 'nous, cache présent sans dist/, 1 ville modifiée',
      prepare: (run) => {
        clear(out('ours'));
        edit(run, 'sans dist/');
      },
      command: oursBuild,
      pages: cityPages,
    },
    { name: 'Eleventy 3.1.8', prepare: () => clearAside(out('eleventy')), command: ['sh', [join(PEERS, 'eleventy/build.sh'), md, out('eleventy')]], pages: n },
    { name: 'Hugo', prepare: () => clearAside(out('hugo')), command: ['sh', [join(PEERS, 'hugo/build.sh'), md, out('hugo')]], pages: n },
  ];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rows: string[][] = [];

for (const n of SIZES) {
  const variants = variantsFor(n);
  const samples = new Map<Variant, Sample[]>(variants.map((v) => [v, []]));
  // One warm-up round (disk cache, Node's code cache), then rounds in turn: every generator sees
  // the same machine load.
  for (let run = 0; run <= RUNS; run++) {
    for (const v of variants) {
      v.prepare(run);
      const sample = measure(...v.command);
      if (run > 0) samples.get(v)!.push(sample);
    }
    process.stdout.write(run === 0 ? `${n} pages : ` : `${run} `);
  }
  console.log();
  for (const [name, dir] of [
    ['Eleventy', 'eleventy'],
    ['Hugo', 'hugo'],
  ] as const) {
    const check = spawnSync(node, [join(BENCH, 'check-out.mjs'), join(WORK, `md-${n}`), join(WORK, `out-${dir}-${n}`)], { encoding: 'utf8' });
    need(check.status === 0, `${name} n’a pas écrit les pages attendues :\n${check.stdout}`);
  }
  const med = (v: Variant) => median(samples.get(v)!.map((s) => s.ms));
  const eleventy = variants.find((v) => v.name.startsWith('Eleventy'))!;
  const hugo = variants.find((v) => v.name.startsWith('Hugo'))!;
  for (const v of variants) {
    const list = samples.get(v)!;
    const ms = list.map((s) => s.ms);
    const ours = v.name.startsWith('nous');
    rows.push([
      String(n),
      v.name,
      seconds(med(v)),
      `${seconds(Math.min(...ms))} – ${seconds(Math.max(...ms))}`,
      String(v.pages),
      String(Math.round(v.pages / (med(v) / 1000))),
      `${Math.round(Math.max(...list.map((s) => s.rssMb)))} Mio`,
      ours ? (med(v) / med(eleventy)).toFixed(2) : '',
      ours ? (med(v) / med(hugo)).toFixed(2) : '',
    ]);
  }
}

/**
 * The real site: `npm run build` as a user types it, whole process, in French only (content/
 * without en/) and in both languages (twice the pages), alternating: what the English site costs.
 */
function realSite(): void {
  const frenchOnly = join(WORK, 'content-fr');
  clear(frenchOnly);
  cpSync(join(ROOT, 'content'), frenchOnly, { recursive: true });
  clear(join(frenchOnly, 'en'));
  const sites = [
    { name: 'site réel, français seul', content: frenchOnly },
    { name: 'site réel, français + anglais', content: join(ROOT, 'content') },
  ].map((site, i) => {
    const out = join(WORK, `out-site-${i}`);
    const cache = join(WORK, `cache-site-${i}`);
    const build = buildCommand(ROOT, '--content', site.content, '--out', out, '--cache', cache);
    return { ...site, out, cache, build, cold: [] as Sample[], warm: [] as Sample[] };
  });
  for (let run = 0; run <= RUNS; run++) {
    for (const site of sites) {
      clear(site.out, site.cache);
      const c = measure(...site.build);
      const w = measure(...site.build);
      if (run > 0) {
        site.cold.push(c);
        site.warm.push(w);
      }
    }
  }
  for (const site of sites) {
    const sources = readdirSync(site.content, { recursive: true }).filter((f) => String(f).endsWith('.md')).length;
    const pages = readdirSync(site.out, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
    const weight = (readdirSync(site.out, { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).reduce((sum, f) => sum + statSync(join(site.out, f)).size, 0);
    for (const [name, list] of [
      [`${site.name}, à froid (ni cache ni dist/)`, site.cold],
      [`${site.name}, cache présent`, site.warm],
    ] as const) {
      const ms = list.map((s) => s.ms);
      const perPage = `${pages} (${Math.round(weight / pages / 1024)} Kio/page)`;
      const cpu = `processeur ${seconds(median(list.map((s) => s.cpuMs)))}`;
      rows.push([String(sources), name, `${seconds(median(ms))} (${cpu})`, `${seconds(Math.min(...ms))} – ${seconds(Math.max(...ms))}`, perPage, String(Math.round(pages / (median(ms) / 1000))), `${Math.round(Math.max(...list.map((s) => s.rssMb)))} Mio`, '', '']);
    }
  }
}

/**
 * `npm start`: from the command to the first page served. Through npm, as the fresh clone's row
 * (fresh-start.ts) and a user run it: spawning node directly left npm's own start-up (~0.3 s idle)
 * out of this row only, and made the fresh clone look that much slower than a warm start.
 */
async function startToServing(): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const port = 43000 + run;
    const started = performance.now();
    const child = spawn('npm', ['start'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
    await servingOn(child, port);
    if (run > 0) times.push(performance.now() - started);
    child.kill();
    await new Promise((r) => child.once('exit', r));
  }
  return times;
}


realSite();
const start = await startToServing();
rows.push(['site réel', '`npm start` jusqu’à la 1re page servie', seconds(median(start)), `${seconds(Math.min(...start))} – ${seconds(Math.max(...start))}`, '', '', '', '', '']);
const fresh = await measureFreshStart(ROOT, RUNS);
rows.push(['site réel', 'clone neuf (ni .cache/ ni dist/) : `npm start` jusqu’à la 1re page servie', seconds(median(fresh)), `${seconds(Math.min(...fresh))} – ${seconds(Math.max(...fresh))}`, '', '', '', '', '']);

const build = {
  caption: `Construction complète, processus entier, ${RUNS} essais alternés (médianes).`,
  header: ['pages source', 'générateur', 'médiane', 'min – max', 'pages HTML', 'pages/s', 'RSS max', 'nous/Eleventy', 'nous/Hugo'],
  rows,
  notes: ['nous/… : médiane de la ligne divisée par celle du même nombre de pages, construction propre du pair.'],
};
console.log(`\n${build.caption} · Node ${process.version} · ${availableParallelism()} cœurs (${cpus()[0]?.model ?? '?'})\n${markdownTable(build)}\n\n${build.notes[0]}`);
publishResults('build-speed', commandLine('bench'), build);

// The live preview: from a file written to the open page holding it, 20 saves of each kind.
const preview = await measurePreview('site réel', 'content');
if (SIZES.includes(4000)) preview.push(...(await measurePreview('4 000 villes', join(WORK, 'ours-4000'))));
console.log(`\n${markdownTable(previewTable(preview))}`);
publishResults('preview-latency', commandLine('bench'), previewTable(preview));

// Photos: 20 phone photos encoded cold, none when the cache is kept.
const photos = photosTable(await measurePhotos(RUNS));
console.log(`\n${markdownTable(photos)}`);
publishResults('photos', commandLine('bench'), photos);
