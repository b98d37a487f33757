import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { TYPE_CHECK } from '../../tools/lib/type-checker.ts';

const ROOT = join(import.meta.dirname, '../..');

// A test rather than a step before vitest: the 2 cores check the types while the other files run.
// TypeScript 7's compiler on one thread (TYPE_CHECK): a clean check costs it 6 to 7 CPU-s, 27.9 for TypeScript 5.9's.
it('type-checks the whole project under strict TypeScript (src, bin, tools, tests)', () => {
  const tsc = spawnSync(process.execPath, TYPE_CHECK, { cwd: ROOT, encoding: 'utf8' });
  expect(tsc.stdout + tsc.stderr).toBe('');
  expect(tsc.status).toBe(0);
});
