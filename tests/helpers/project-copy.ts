import { cpSync, existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editorOf } from '../../tools/lib/content-copy.ts';
import { SITE_DIR } from './fixture-site.ts';

const ROOT = join(import.meta.dirname, '../..');

/**
 * A copy of the project (code, launcher, and the fixture site as its content/) that a test may
 * edit: the real one is never touched. The CLI bundle comes along (the run's global setup made it current): a copy whose
 * code is unchanged starts without bundling again, one whose code a test edits bundles its own.
 */
export function copyProject(prefix: string, { bundle = true } = {}): { dir: string; edit(file: string, change: (text: string) => string): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(SITE_DIR, join(dir, 'content'), { recursive: true });
  for (const part of ['src', 'bin', 'public', 'package.json', 'package-lock.json', 'tsconfig.json', ...(bundle ? ['.cli'] : [])]) {
    if (existsSync(join(ROOT, part))) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { dir, edit: editorOf(dir) };
}
