/**
 * The measurements' one home: each bench or audit command writes its table to
 * bench/results/<name>.json, then renders every results file into the docs (tools/lib/doc-tables.ts).
 * The docs never carry a figure by hand: a test compares each table in them with its file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './root.ts';

export const RESULTS_DIR = join(ROOT, 'bench', 'results');

export interface ResultsTable {
  /** What the table measures, said above it in the docs. */
  caption: string;
  header: string[];
  rows: string[][];
  /** How to read the table, said below it. */
  notes?: string[];
}

export interface Results extends ResultsTable {
  /** The command that wrote the file, with its arguments: how to measure again. */
  command: string;
  /** ISO 8601, when the command finished. */
  date: string;
  /** The commit measured (`+` when the working tree had changes): a merge after it may change the figures. */
  commit?: string;
  /** `load`: the one-minute load average when the command finished, what else the machine was running. */
  machine: { node: string; cores: number; cpu: string; memoryGb: number; platform: string; load?: number };
}

function machine(): Results['machine'] {
  return {
    node: process.version,
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? '?',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    platform: `${process.platform} ${process.arch}`,
    load: Math.round(loadavg()[0]! * 10) / 10,
  };
}

const resultsFile = (name: string) => join(RESULTS_DIR, `${name}.json`);

/** The command as the user typed it: `npm run <script>` and the arguments after `--`. */
export function commandLine(script: string, args = process.argv.slice(2)): string {
  return [`npm run ${script}`, ...(args.length > 0 ? ['--', ...args] : [])].join(' ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The table in Markdown, as the commands print it and the docs show it. */
export function markdownTable({ header, rows }: Pick<ResultsTable, 'header' | 'rows'>): string {
  return [`| ${header.map(cell).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');
}

function commit(): string | undefined {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  if (head.status !== 0) return undefined;
  // The docs and results files a command itself rewrites are not the code it measured.
  const changed = spawnSync('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!docs', ':!bench'], { cwd: ROOT, encoding: 'utf8' });
  const dirty = changed.stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '+' : ''}`;
}

export function writeResults(name: string, command: string, table: ResultsTable): Results {
  const results: Results = { command, date: new Date().toISOString(), commit: commit(), machine: machine(), ...table };
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(resultsFile(name), `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

export function readResults(name: string): Results | undefined {
  const file = resultsFile(name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined;
}
