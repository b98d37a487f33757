import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, renderDocTables, staleTables, TABLE_SOURCES, tableNames } from '../../tools/lib/doc-tables.ts';
import { RESULTS_DIR, type Results } from '../../tools/lib/results.ts';

// The docs show measurements only as the bench and audit commands wrote them: a figure edited
// by hand in a doc, or a results file the docs no longer show, fails here.
const docs = readdirSync(DOCS_DIR)
  .filter((f) => f.endsWith('.md'))
  .map((file) => ({ file, text: readFileSync(join(DOCS_DIR, file), 'utf8') }));

const sample: Results = {
  command: 'npm run bench -- --pages 10 --runs 1',
  date: '2030-01-02T03:04:05.000Z',
  machine: { node: 'v24.0.0', cores: 2, cpu: 'un processeur', memoryGb: 4, platform: 'linux x64' },
  caption: 'Une construction.',
  header: ['pages', 'médiane'],
  rows: [['10', '1.25 s']],
};
const block = (name: string) => `Avant.\n\n<!-- table:${name} -->\n<!-- /table -->\n\nAprès.\n`;

describe('the docs’ tables of measurements', () => {
  it('match, in every doc, the results file they come from', () => {
    const stale = docs.flatMap(({ file, text }) => staleTables(text).map((name) => `docs/${file} : ${name}`));
    expect(stale).toEqual([]);
  });

  it('show every results file the commands wrote, and only tables a command writes', () => {
    const shown = new Set(docs.flatMap(({ text }) => tableNames(text)));
    const written = readdirSync(RESULTS_DIR).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
    expect(written.filter((name) => !shown.has(name))).toEqual([]);
    expect([...shown].filter((name) => !(name in TABLE_SOURCES))).toEqual([]);
  });

  it('fail on a figure edited by hand, and say which command writes a missing file', () => {
    const rendered = renderDocTables(block('build-speed'), () => sample);
    expect(rendered).toContain('| 10 | 1.25 s |');
    expect(rendered).toContain('`npm run bench -- --pages 10 --runs 1`, 2030-01-02');
    expect(staleTables(rendered, () => sample)).toEqual([]);
    expect(staleTables(rendered.replace('1.25 s', '0.98 s'), () => sample)).toEqual(['build-speed']);
    const absent = renderDocTables(block('harden'), () => undefined);
    expect(absent).toContain('`npm run harden` écrit `bench/results/harden.json`');
    expect(staleTables(absent, () => sample)).toEqual(['harden']);
  });
});
