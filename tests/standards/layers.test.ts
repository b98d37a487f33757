import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the code, bottom first (README « Plan des dossiers »). A file may import from its
 * own folder and from any layer of a lower rank: never up, never sideways into a layer of the
 * same rank. Folders outside src/ sit above all of it: the launcher, then the tools, then the tests.
 */
const RANKS: Record<string, number> = {
  'src/shared': 0,
  'src/content': 1,
  'src/host': 1,
  'src/islands': 1,
  'src/site': 2,
  'src/server': 2,
  'src/client': 2,
  'src/render': 3,
  'src/emit': 3,
  'src/engine': 4,
  'src/dev': 5,
  'src/cli': 6,
  bin: 7,
  tools: 8,
  tests: 9,
};

const ROOT = resolve(import.meta.dirname, '../..');
const CODE = /\.(ts|tsx|mts|mjs)$/;

function layerOf(file: string): string | undefined {
  return Object.keys(RANKS)
    .filter((layer) => file === layer || file.startsWith(`${layer}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The project files a file imports (static, dynamic and type imports), as paths from the root. */
export function importsOf(file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => relative(ROOT, resolve(ROOT, dirname(file), name)));
}

/** Why an import breaks the layering, or undefined when it follows it. */
export function layeringProblem(from: string, to: string): string | undefined {
  const [a, b] = [layerOf(from), layerOf(to)];
  if (!a || !b) return `${from} → ${to} : hors des couches connues`;
  if (a === b) {
    const island = (f: string) => /^src\/islands\/([^/]+)\//.exec(f)?.[1];
    if (island(from) && island(to) && island(from) !== island(to)) return `${from} → ${to} : un îlot n’entre pas dans un autre`;
    return undefined;
  }
  if (RANKS[b]! < RANKS[a]!) return undefined;
  return `${from} → ${to} : ${a} importe ${b}, ${RANKS[b] === RANKS[a] ? 'une couche du même rang' : 'une couche au-dessus'}`;
}

function codeFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && CODE.test(e.name) && !e.parentPath.includes('node_modules') && !e.parentPath.includes('/tools/bench/.work'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

describe('layering', () => {
  it('every import runs down the layers or stays in its folder', () => {
    const problems = ['src', 'bin', 'tools', 'tests'].flatMap((dir) =>
      codeFiles(dir).flatMap((file) => importsOf(file, readFileSync(join(ROOT, file), 'utf8')).flatMap((to) => layeringProblem(file, to) ?? [])),
    );
    expect(problems).toEqual([]);
  });

  it('catches an import that runs up a layer, across a rank or into another island (the check can fail)', () => {
    expect(layeringProblem('src/content/markdown.ts', 'src/site/routes.ts')).toMatch(/une couche au-dessus/);
    expect(layeringProblem('src/render/pages/home.tsx', 'src/emit/sitemap.ts')).toMatch(/même rang/);
    expect(layeringProblem('src/islands/faq/faq.tsx', 'src/islands/quote-form/draft.ts')).toMatch(/îlot/);
    expect(layeringProblem('tools/check-host.ts', 'tests/helpers/server.ts')).toMatch(/au-dessus/);
    expect(importsOf('src/server/x.ts', "import a from './a.ts';\nconst b = await import('../engine/b.ts');\nimport type { C } from 'react';")).toEqual(['src/server/a.ts', 'src/engine/b.ts']);
  });

  it('keeps src/ under 300 lines a file', () => {
    const long = codeFiles('src').filter((f) => readFileSync(join(ROOT, f), 'utf8').split('\n').length > 300);
    expect(long).toEqual([]);
  });
});
