import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles, importsOf, layeringProblem } from '../../tools/lib/layers.ts';
import { ROOT } from '../../tools/lib/root.ts';

describe('layering', () => {
  it('every import runs down the layers or stays in its folder', () => {
    const problems = ['src', 'bin', 'tools', 'tests'].flatMap((dir) =>
      codeFiles(dir).flatMap((file) => importsOf(file, readFileSync(join(ROOT, file), 'utf8')).flatMap((to) => layeringProblem(file, to) ?? [])),
    );
    expect(problems).toEqual([]);
  });

  it('catches an import that runs up a layer, across a rank, into another island or past the engine’s index (the check can fail)', () => {
    expect(layeringProblem('src/content/markdown.ts', 'src/site/routes.ts')).toMatch(/une couche au-dessus/);
    expect(layeringProblem('src/render/pages/home.tsx', 'src/emit/sitemap.ts')).toMatch(/même rang/);
    expect(layeringProblem('src/islands/faq/faq.tsx', 'src/islands/quote-form/draft.ts')).toMatch(/îlot/);
    expect(layeringProblem('tools/check-host.ts', 'tests/helpers/server.ts')).toMatch(/au-dessus/);
    expect(layeringProblem('src/cli/run-build.ts', 'src/engine/incremental/engine.ts')).toMatch(/seule porte, src\/engine\/index\.ts/);
    expect(layeringProblem('tests/build/site.test.ts', 'src/engine/incremental/page-store.ts')).toMatch(/seule porte/);
    expect(layeringProblem('src/cli/run-build.ts', 'src/engine/index.ts')).toBeUndefined();
    expect(layeringProblem('bin/cli-bundle.mjs', 'src/engine/fingerprint.mjs')).toBeUndefined();
    expect(importsOf('src/server/x.ts', "import a from './a.ts';\nconst b = await import('../engine/b.ts');\nimport type { C } from 'react';")).toEqual(['src/server/a.ts', 'src/engine/b.ts']);
  });

  it('keeps the engine’s pipeline pure: no file of src/engine/pipeline/ imports the orchestrator (its state, threads, caches or dist/ writer)', () => {
    // What makes the engine fast (its state, threads, caches and dist/ writer) is all in one folder.
    const fast = /^src\/engine\/incremental\//;
    const found = codeFiles('src/engine/pipeline').flatMap((file) => importsOf(file, readFileSync(join(ROOT, file), 'utf8')).filter((to) => fast.test(to)).map((to) => `${file} → ${to}`));
    expect(found).toEqual([]);
    expect(fast.test('src/engine/incremental/build-state.ts') && fast.test('src/engine/incremental/phases/render-pages.ts')).toBe(true);
    // Nor the disk, a process or a thread: reading the content, git and sharp are the orchestrator's.
    const system = codeFiles('src/engine/pipeline').filter((file) => /from 'node:/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(system).toEqual([]);
  });

  it('keeps src/ under 300 lines a file', () => {
    const long = codeFiles('src').filter((f) => readFileSync(join(ROOT, f), 'utf8').split('\n').length > 300);
    expect(long).toEqual([]);
  });
});
