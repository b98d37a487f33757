/**
 * Photos in the build, whole process from the command to its exit: a copy of the real content
 * with 20 phone photos (4032 × 3024, as a 12 MP phone takes them, orientation 6 and GPS) in
 * Hull's text, built cold (no cache, no dist/: 20 sources inspected, 120 files encoded), then
 * warm (the cache kept: 0 encodes, which each run checks in the build's own report). Run by
 * `npm run bench`, or alone: `tsx tools/bench/bench-photos.ts [runs]`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyContent } from '../lib/content-copy.ts';
import { phonePhoto } from '../lib/test-photos.ts';
import { buildCommand } from './build-command.ts';
import { markdownTable, type ResultsTable } from '../lib/results.ts';

const PHOTOS = 20;

export interface PhotoBenchRow {
  name: string;
  ms: number[];
  rssMb: number;
  encoded: number;
}

/** One whole `npm run build` (its command, without npm), its time, peak RSS (GNU time) and the encodes it reports. */
function buildOnce(content: string, out: string, cache: string): { ms: number; rssMb: number; encoded: number } {
  const started = process.hrtime.bigint();
  const [node, args] = buildCommand(process.cwd(), '--content', content, '--out', out, '--cache', cache);
  const run = spawnSync('/usr/bin/time', ['-f', '%M', node, ...args], { encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`la construction a échoué :\n${run.stdout}\n${run.stderr}`);
  const encoded = Number(/Photos : (\d+) fichier/.exec(run.stdout)?.[1] ?? 0);
  return { ms, rssMb: Number(run.stderr.trim().split('\n').at(-1)) / 1024, encoded };
}

export async function measurePhotos(runs: number): Promise<PhotoBenchRow[]> {
  const copy = copyContent();
  const work = mkdtempSync(join(tmpdir(), 'photos-banc-'));
  mkdirSync(join(copy.dir, 'images'));
  const lines: string[] = [];
  for (let i = 1; i <= PHOTOS; i++) {
    // Stored sideways, as a phone held upright stores them.
    writeFileSync(join(copy.dir, `images/chantier-${i}.jpg`), await phonePhoto(3024, 4032, i));
    lines.push(`![Chantier ${i} : un érable élagué au-dessus d’une toiture](../images/chantier-${i}.jpg)`);
  }
  copy.edit('cities/hull.md', (t) => `${t.trimEnd()}\n\n${lines.join('\n\n')}\n`);
  const out = join(work, 'dist');
  const cache = join(work, 'cache');
  const cold: ReturnType<typeof buildOnce>[] = [];
  const warm: ReturnType<typeof buildOnce>[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      rmSync(out, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
      cold.push(buildOnce(copy.dir, out, cache));
      warm.push(buildOnce(copy.dir, out, cache));
      process.stdout.write(`${run} `);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(copy.dir, { recursive: true, force: true });
  }
  const row = (name: string, list: ReturnType<typeof buildOnce>[]): PhotoBenchRow => ({
    name,
    ms: list.map((s) => s.ms),
    rssMb: Math.max(...list.map((s) => s.rssMb)),
    encoded: Math.max(...list.map((s) => s.encoded)),
  });
  return [row(`${PHOTOS} photos, à froid (ni cache ni dist/)`, cold), row(`${PHOTOS} photos, cache présent`, warm)];
}

export function photosTable(rows: PhotoBenchRow[]): ResultsTable {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return {
    caption: `Photos : le site réel et ${PHOTOS} photos de téléphone dans le texte de Hull, construction entière, ${rows[0]?.ms.length ?? 0} essais.`,
    header: [`photos (site réel + ${PHOTOS} photos 4032 × 3024)`, 'médiane', 'min – max', 'fichiers encodés', 'RSS max'],
    rows: rows.map((r) => [r.name, s(median(r.ms)), `${s(Math.min(...r.ms))} – ${s(Math.max(...r.ms))}`, String(r.encoded), `${Math.round(r.rssMb)} Mio`]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 3);
  if (spawnSync(process.execPath, ['bin/cli.mjs', 'prepare'], { stdio: 'inherit' }).status !== 0) process.exit(2);
  const rows = await measurePhotos(runs);
  console.log(`\n${markdownTable(photosTable(rows))}`);
}
