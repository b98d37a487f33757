/**
 * `npm run bench:markdown`: why patches/mdast-util-from-markdown+2.1.0.patch is there. The same
 * generated Markdown is parsed by mdast-util-from-markdown as installed (patched: one compiler per
 * set of extensions) and by an unpatched copy of it, each in a fresh process as each build thread
 * is one, in alternating runs; prints the median processor time to parse them all and writes it to
 * bench/results/markdown-parse.json and the docs' table.
 *
 *   npm run bench:markdown                   4,000 documents, 5 runs each
 *   npm run bench:markdown -- --pages 1000 --runs 3
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { publishResults } from '../lib/doc-tables.ts';
import { commandLine, markdownTable } from '../lib/results.ts';
import { ROOT } from '../lib/root.ts';

const PACKAGE = 'mdast-util-from-markdown';
const PATCH = join(ROOT, 'patches', `${PACKAGE}+2.1.0.patch`);
/** Inside the project, so that the copy's own imports (micromark…) resolve to node_modules/. */
const UNPATCHED = join(ROOT, '.cache', 'bench-markdown', 'node_modules', PACKAGE);

/**
 * Parses every city-*.md of a folder, front matter dropped, and prints the processor milliseconds it
 * took (the parse's own and V8's compiling threads'), which the other processes of a shared machine
 * do not change as they change the clock time.
 */
const PARSE_ALL = `
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const [module, folder] = process.argv.slice(1);
const bodies = readdirSync(folder).sort().map((f) => readFileSync(join(folder, f), 'utf8').replace(/^---\\n[\\s\\S]*?\\n---\\n/, ''));
import(module).then(({ fromMarkdown }) => {
  const started = process.cpuUsage();
  let nodes = 0;
  for (const body of bodies) nodes += fromMarkdown(body).children.length;
  if (nodes === 0) throw new Error('nothing parsed');
  const { user, system } = process.cpuUsage(started);
  console.log((user + system) / 1000);
});
`;

function run(command: string, args: string[], cwd = ROOT): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} a échoué :\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The installed package with the patch taken out again, applied in reverse outside the repository. */
function unpatchedCopy(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'mdast-unpatched-'));
  try {
    cpSync(join(ROOT, 'node_modules', PACKAGE), join(scratch, 'node_modules', PACKAGE), { recursive: true });
    run('git', ['apply', '--reverse', PATCH], scratch);
    rmSync(UNPATCHED, { recursive: true, force: true });
    mkdirSync(join(UNPATCHED, '..'), { recursive: true });
    cpSync(join(scratch, 'node_modules', PACKAGE), UNPATCHED, { recursive: true });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return join(UNPATCHED, 'index.js');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const { values } = parseArgs({ options: { pages: { type: 'string', default: '4000' }, runs: { type: 'string', default: '5' } } });
const pages = Number(values.pages);
const runs = Number(values.runs);
const content = mkdtempSync(join(tmpdir(), 'bench-markdown-'));
try {
  run(process.execPath, [join(ROOT, 'tools', 'bench', 'gen-content.mjs'), String(pages), content]);
  const variants = [
    { name: 'avec le correctif (installé)', module: join(ROOT, 'node_modules', PACKAGE, 'index.js'), ms: [] as number[] },
    { name: 'sans le correctif', module: unpatchedCopy(), ms: [] as number[] },
  ];
  for (let i = 0; i < runs; i++) {
    for (const variant of variants) variant.ms.push(Number(run(process.execPath, ['-e', PARSE_ALL, variant.module, content]).trim()));
  }
  const [patched, unpatched] = variants.map((v) => median(v.ms)) as [number, number];
  const table = {
    caption: `mdast-util-from-markdown, ${pages} documents de tools/bench/gen-content.mjs, un processus neuf par essai, ${runs} essais alternés : millisecondes de processeur pour tout analyser.`,
    header: ['analyseur', 'médiane', 'essais'],
    rows: variants.map((v) => [v.name, `${median(v.ms).toFixed(0)} ms`, v.ms.map((ms) => ms.toFixed(0)).join(', ')]),
    notes: [`Écart : ${(unpatched - patched).toFixed(0)} ms, ${(((unpatched - patched) / unpatched) * 100).toFixed(0)} % du temps sans le correctif.`],
  };
  console.log(`${table.caption}\n${markdownTable(table)}\n${table.notes[0]}`);
  publishResults('markdown-parse', commandLine('bench:markdown'), table);
} finally {
  rmSync(content, { recursive: true, force: true });
}
