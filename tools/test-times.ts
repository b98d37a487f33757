import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { publishResults } from './lib/doc-tables.ts';
import { commandLine, markdownTable } from './lib/results.ts';
import { FILE_TIMES } from './lib/test-order.ts';

/**
 * `npm run test:times`: the whole of `npm test` (vitest, whose files include the type check), timed from the command to its
 * exit, then the ten slowest test files and the totals, so that a regression shows in one table;
 * a whole run writes that table to bench/results/test-times.json and docs/measurements.md.
 * Arguments go to vitest (`-- --project unit`). A whole run that passed writes each file's time
 * to tests/setup/file-times.json, the order a fresh clone's run follows: commit it with the change
 * that moved the times.
 */
interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  assertionResults: { status: string }[];
}

const ROOT = join(import.meta.dirname, '..');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function timed(command: string, args: string[]): { ms: number; status: number } {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  return { ms: performance.now() - started, status: run.status ?? 1 };
}

const report = join(mkdtempSync(join(tmpdir(), 'test-times-')), 'vitest.json');
const vitest = timed(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...process.argv.slice(2)]);
const files = (JSON.parse(readFileSync(report, 'utf8')) as { testResults: FileResult[] }).testResults
  .map((f) => ({ file: relative(ROOT, f.name), ms: f.endTime - f.startTime, tests: f.assertionResults.length, failed: f.assertionResults.filter((a) => a.status === 'failed').length }))
  .sort((a, b) => b.ms - a.ms);

const tests = files.reduce((n, f) => n + f.tests, 0);
const failed = files.reduce((n, f) => n + f.failed, 0);
const table = {
  caption: '`npm test` entier, de la commande à sa fin : les dix fichiers les plus lents.',
  header: ['fichier de test', 'durée', 'tests'],
  rows: files.slice(0, 10).map((f) => [f.file, seconds(f.ms), String(f.tests)]),
  notes: [`${files.length} fichiers, ${tests} tests (${failed} en échec) ; durée des fichiers additionnée : ${seconds(files.reduce((n, f) => n + f.ms, 0))} ; horloge : ${seconds(vitest.ms)}.`],
};
console.log(`\n${markdownTable(table)}\n\n${table.notes[0]}`);
// Only a whole run speaks for the suite: `-- --project unit` prints its table and keeps the docs'.
if (process.argv.length === 2) publishResults('test-times', commandLine('test:times'), table);
if (vitest.status === 0 && process.argv.length === 2) {
  const times = Object.fromEntries([...files].sort((a, b) => a.file.localeCompare(b.file)).map((f) => [f.file, Math.round(f.ms)]));
  writeFileSync(FILE_TIMES, `${JSON.stringify(times, null, 2)}\n`);
  console.log(`Durées par fichier écrites dans ${relative(ROOT, FILE_TIMES)} (l’ordre d’un clone neuf).`);
}
process.exitCode = vitest.status;
