/**
 * The docs' tables of measurements, rendered from bench/results/*.json between
 * `<!-- table:NAME -->` and `<!-- /table -->`. A table whose file is absent says which command
 * writes it, so a doc never shows a figure nobody measured.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTable, readResults, type Results, type ResultsTable, writeResults } from './results.ts';
import { ROOT } from './root.ts';

/** Every table the docs may show, and the command that writes its file. */
export const TABLE_SOURCES: Record<string, string> = {
  'build-speed': 'npm run bench',
  'preview-latency': 'npm run bench',
  photos: 'npm run bench',
  'markdown-parse': 'npm run bench:markdown',
  'audit-pages': 'npm run audit',
  'audit-first-paint': 'npm run audit',
  'audit-navigation': 'npm run audit',
  harden: 'npm run harden',
  'test-times': 'npm run test:times',
};

const BLOCK = /<!-- table:([\w-]+) -->\n[\s\S]*?<!-- \/table -->/g;

function sourceOf(name: string): string {
  const command = TABLE_SOURCES[name];
  if (command === undefined) throw new Error(`tableau inconnu : ${name} (tools/lib/doc-tables.ts, TABLE_SOURCES)`);
  return command;
}

/** The Markdown between a table's markers: where it comes from, the caption, the table, its notes. */
export function renderTable(name: string, results: Results | undefined): string {
  if (results === undefined) return `_Pas encore mesuré : \`${sourceOf(name)}\` écrit \`bench/results/${name}.json\` et ce tableau._`;
  const { machine: m } = results;
  return [
    `_\`${results.command}\`, ${results.date.slice(0, 10)}${results.commit ? `, commit ${results.commit}` : ''} · Node ${m.node} · ${m.cores} cœurs (${m.cpu}) · ${m.memoryGb} Gio · ${m.platform}${m.load === undefined ? '' : ` · charge ${m.load}`}._`,
    '',
    results.caption,
    '',
    markdownTable(results),
    ...(results.notes?.length ? ['', ...results.notes] : []),
  ].join('\n');
}

type Read = (name: string) => Results | undefined;

/** The text with every table block rendered again from its results file. */
export function renderDocTables(text: string, read: Read = readResults): string {
  return text.replace(BLOCK, (_, name: string) => `<!-- table:${name} -->\n${renderTable(name, read(name))}\n<!-- /table -->`);
}

/** The names of the tables of a text that differ from what their results file renders. */
export function staleTables(text: string, read: Read = readResults): string[] {
  return [...text.matchAll(BLOCK)].filter((m) => m[0] !== `<!-- table:${m[1]} -->\n${renderTable(m[1]!, read(m[1]!))}\n<!-- /table -->`).map((m) => m[1]!);
}

export const tableNames = (text: string) => [...text.matchAll(BLOCK)].map((m) => m[1]!);

export const DOCS_DIR = join(ROOT, 'docs');

/** Renders every table of every doc; returns the docs it changed. */
export function updateDocTables(): string[] {
  const changed: string[] = [];
  for (const file of readdirSync(DOCS_DIR).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(DOCS_DIR, file), 'utf8');
    const rendered = renderDocTables(text);
    if (rendered !== text) {
      writeFileSync(join(DOCS_DIR, file), rendered);
      changed.push(file);
    }
  }
  return changed;
}

/** What every bench command ends with: its results file written, then the docs' tables. */
export function publishResults(name: string, command: string, table: ResultsTable): void {
  sourceOf(name);
  const results = writeResults(name, command, table);
  const changed = updateDocTables();
  console.log(`→ bench/results/${name}.json (${results.rows.length} lignes)${changed.length > 0 ? ` ; tableaux mis à jour dans docs/${changed.join(', docs/')}` : ''}`);
}
