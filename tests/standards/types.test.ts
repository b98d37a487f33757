import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

// A test rather than a step before vitest: the 2 cores check the types while the other files run
// (a clean clone's first check takes about 50 CPU-s; later ones start from .cache/tsc).
it('type-checks the whole project under strict TypeScript (src, bin, tools, tests)', () => {
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit'], { cwd: ROOT, encoding: 'utf8' });
  expect(tsc.stdout + tsc.stderr).toBe('');
  expect(tsc.status).toBe(0);
});
