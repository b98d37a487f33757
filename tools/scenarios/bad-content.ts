/**
 * The malformed-content corpus (tests/fixtures/bad-content/): each case breaks one real content
 * file and names what the build must say. A case fails when the build accepts the file, names
 * another file, line or field, prints a stack trace to the editor, or changes dist/.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { runBuild } from '../../src/cli/run-build.ts';
import { TEST_PHOTOS } from '../lib/photo-content.ts';

export const CORPUS = join(import.meta.dirname, '../../tests/fixtures/bad-content');
const CONTENT = join(import.meta.dirname, '../../content');

export interface BadCase {
  name: string;
  file: string;
  find?: string;
  replace?: string;
  append?: string;
  /** Test photos (tests/fixtures/images/) copied into the case's content/, by their path there. */
  images?: Record<string, string>;
  expect: { file: string; line: string; field: string; message: string };
}

export function loadCorpus(dir = CORPUS): BadCase[] {
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, ...(JSON.parse(readFileSync(join(dir, name, 'case.json'), 'utf8')) as Omit<BadCase, 'name'>) }));
}

/** Every file of a folder with the digest of its bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = createHash('sha1').update(readFileSync(path)).digest('hex');
  }
  return out;
}

/** Runs the build on each case; returns one line per case that did not go as expected. */
export async function checkBadContent(cases: BadCase[]): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), 'contenu-fautif-'));
  const out = join(work, 'dist');
  const cacheDir = join(work, 'cache');
  const quiet = { log: console.log, warn: console.warn, error: console.error };
  const printed: string[] = [];
  console.log = console.warn = () => {};
  console.error = (...args: unknown[]) => void printed.push(args.join(' '));
  const failures: string[] = [];
  try {
    if (!(await runBuild({ contentDir: CONTENT, outDir: out, cacheDir }))) throw new Error('the real content does not build');
    const before = snapshot(out);
    for (const c of cases) {
      const dir = join(work, c.name);
      cpSync(CONTENT, dir, { recursive: true });
      for (const [to, from] of Object.entries(c.images ?? {})) {
        mkdirSync(dirname(join(dir, to)), { recursive: true });
        copyFileSync(join(TEST_PHOTOS, from), join(dir, to));
      }
      const path = join(dir, c.file);
      const text = readFileSync(path, 'utf8');
      const edited = c.append !== undefined ? text + c.append : text.replace(new RegExp(c.find!, 'm'), c.replace!);
      if (edited === text) {
        failures.push(`${c.name} : la modification ne change rien au fichier`);
        continue;
      }
      writeFileSync(path, edited);
      printed.length = 0;
      const ok = await runBuild({ contentDir: dir, outDir: out, cacheDir });
      const said = printed.join('\n');
      const expectedFile = relative(process.cwd(), join(dir, c.expect.file));
      const line = edited.slice(0, edited.search(new RegExp(c.expect.line, 'm'))).split('\n').length;
      const wanted = `${expectedFile}:${line}:`;
      const entry = said.split('\n').find((l) => l.includes(wanted));
      if (ok) failures.push(`${c.name} : accepté`);
      else if (!entry) failures.push(`${c.name} : attendu ${wanted} › ${c.expect.field}, reçu :\n${said}`);
      else if (!new RegExp(`› ${c.expect.field || '\\(fichier\\)'} : .*(${c.expect.message})`, 'i').test(entry)) failures.push(`${c.name} : message inattendu : ${entry}`);
      else if (/^\s+at /m.test(said)) failures.push(`${c.name} : trace de pile montrée à la rédaction`);
      else if (JSON.stringify(snapshot(out)) !== JSON.stringify(before)) failures.push(`${c.name} : dist/ a changé`);
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    Object.assign(console, quiet);
    rmSync(work, { recursive: true, force: true });
  }
  return failures;
}
