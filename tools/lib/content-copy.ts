import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CONTENT_DIR = join(import.meta.dirname, '../../content');

/**
 * A private copy of a content folder (the real one unless `from` says otherwise) that a test or a
 * tool may break as it likes: in a new temporary folder, or made again at `at`.
 */
export function copyContent(at?: string, from = CONTENT_DIR): { dir: string; edit(file: string, change: (text: string) => string): void; write(file: string, text: string): void } {
  const dir = at ?? mkdtempSync(join(tmpdir(), 'contenu-'));
  if (at) rmSync(at, { recursive: true, force: true });
  cpSync(from, dir, { recursive: true });
  return {
    dir,
    edit: editorOf(dir),
    write(file, text) {
      writeFileSync(join(dir, file), text);
    },
  };
}

/** Edits a file of a scratch copy; an edit that changes nothing is an error, since the test would prove nothing. */
export function editorOf(dir: string): (file: string, change: (text: string) => string) => void {
  return (file, change) => {
    const path = join(dir, file);
    const before = readFileSync(path, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`the edit of ${file} changed nothing: the test would prove nothing`);
    writeFileSync(path, after);
  };
}
