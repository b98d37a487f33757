import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temp } from '../helpers/engine-build.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';
import { SITE } from '../helpers/fixture-site.ts';

/** The engine's modules one build loads, in a process of its own. */
function modulesLoaded(options: object): string[] {
  const run = spawnSync(process.execPath, ['--import', 'tsx/esm', 'tests/helpers/engine-modules.ts', JSON.stringify(options)], { encoding: 'utf8', env: hermeticEnv() });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as string[];
}

const THREADS = /^src\/engine\/incremental\/threads\//;

describe('what only a large site needs stays behind the executor', () => {
  it('builds a small site cold, then from its cache into a new dist/ (as CI does), threads allowed, without loading the threads, the link thread or the stored-page checks', () => {
    const dir = temp('seam-');
    const options = { contentDir: SITE, cacheDir: join(dir, 'cache'), threads: 2 };
    for (const out of ['cold', 'from-cache']) {
      const loaded = modulesLoaded({ ...options, outDir: join(dir, out) });
      expect(loaded).toContain('src/engine/incremental/engine.ts');
      expect(loaded.filter((path) => THREADS.test(path))).toEqual([]);
    }
  });

  it('loads them when there is enough to do (the check can fail)', () => {
    const dir = temp('seam-');
    const loaded = modulesLoaded({ contentDir: SITE, outDir: join(dir, 'dist'), cacheDir: join(dir, 'cache'), threads: 2, parallelFrom: 0 });
    expect(loaded).toContain('src/engine/incremental/threads/worker-executor.ts');
  });
});
