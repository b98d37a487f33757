import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editorOf } from '../../tools/lib/content-copy.ts';

const ROOT = join(import.meta.dirname, '../..');

/** A copy of the project (code, launcher, content) that a test may edit: the real one is never touched. */
export function copyProject(prefix: string): { dir: string; edit(file: string, change: (text: string) => string): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const part of ['src', 'bin', 'content', 'public', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { dir, edit: editorOf(dir) };
}
