/**
 * The malformed-content corpus (tests/fixtures/bad-content/): each case breaks one real content
 * file and names what the build must say. A case fails when the build accepts the file, names
 * another file, line or field, prints a stack trace to the editor, or changes dist/.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type * as z from 'zod';
import { runBuild } from '../../src/cli/run-build.ts';
import { parseFieldPath } from '../../src/content/positions.ts';
import { knownKeys } from '../../src/content/schema-keys.ts';
import { citySchema } from '../../src/content/schemas/city.ts';
import { serviceSchema } from '../../src/content/schemas/service.ts';
import { siteSchema } from '../../src/content/schemas/site.ts';
import { editDistance, typoReach } from '../../src/shared/closest.ts';
import { PAGE_FILES } from '../../src/site/page-kinds.ts';
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
  expect: { file: string; line: string; field: string; message: string; absent?: string };
}

export function loadCorpus(dir = CORPUS): BadCase[] {
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, ...(JSON.parse(readFileSync(join(dir, name, 'case.json'), 'utf8')) as Omit<BadCase, 'name'>) }));
}

/** The schema a content file is checked against, by its path under content/. */
function schemaOf(file: string): z.ZodType | undefined {
  if (file === 'site.md') return siteSchema;
  if (file.startsWith('cities/')) return citySchema;
  if (file.startsWith('services/')) return serviceSchema;
  return PAGE_FILES[file.replace(/^pages\/|\.md$/g, '')]?.schema;
}

/**
 * A line of the build's report that names an unknown key within two edits of a key its block
 * allows (fewer for a key so short that two edits make another word: src/shared/closest.ts), yet
 * does not say which: the editor is left to guess what the build already knows.
 */
export function missingSuggestion(line: string, file: string): string | undefined {
  const unknown = /› (\S+) : champ inconnu « ([^»]+) »/.exec(line);
  const schema = schemaOf(file);
  if (!unknown || !schema) return undefined;
  const key = unknown[2]!.trim();
  const near = knownKeys(schema, parseFieldPath(unknown[1]!).slice(0, -1)).filter((k) => editDistance(key.toLowerCase(), k.toLowerCase()) <= Math.min(2, typoReach(key.length)));
  return near.length > 0 && !near.some((k) => line.includes(`vouliez-vous dire « ${k} »`)) ? `« ${key} » est à deux lettres au plus de ${near.join(', ')}` : undefined;
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

/**
 * Runs the build on each case; returns one line per case that did not go as expected. `cacheDir`,
 * a cache to start from (the tests' warm copy), spares drawing the real site's cards. Every case
 * breaks the same copy of the content, put back after it: the cache keys parsed files by their
 * path, so a fresh copy per case parsed all 50 files again, where this parses the broken one.
 */
export async function checkBadContent(cases: BadCase[], { cacheDir: warm }: { cacheDir?: string } = {}): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), 'contenu-fautif-'));
  const out = join(work, 'dist');
  const cacheDir = warm ?? join(work, 'cache');
  const dir = join(work, 'contenu');
  cpSync(CONTENT, dir, { recursive: true });
  const quiet = { log: console.log, warn: console.warn, error: console.error };
  const printed: string[] = [];
  console.log = console.warn = () => {};
  console.error = (...args: unknown[]) => void printed.push(args.join(' '));
  const failures: string[] = [];
  try {
    if (!(await runBuild({ contentDir: CONTENT, outDir: out, cacheDir }))) throw new Error('the real content does not build');
    const before = snapshot(out);
    for (const c of cases) {
      const restore = breakContent(dir, c);
      try {
        if (!restore) {
          failures.push(`${c.name} : la modification ne change rien au fichier`);
          continue;
        }
        printed.length = 0;
        const ok = await runBuild({ contentDir: dir, outDir: out, cacheDir });
        const failure = judge(c, dir, ok, printed.join('\n'));
        if (failure) failures.push(failure);
        else if (JSON.stringify(snapshot(out)) !== JSON.stringify(before)) failures.push(`${c.name} : dist/ a changé`);
      } finally {
        restore?.();
      }
    }
  } finally {
    Object.assign(console, quiet);
    rmSync(work, { recursive: true, force: true });
  }
  return failures;
}

/** Applies a case to the content copy: its photos, then its edit. Returns what puts the copy back, or nothing when the edit changes nothing. */
function breakContent(dir: string, c: BadCase): (() => void) | undefined {
  const undo: (() => void)[] = [];
  const putBack = () => undo.reverse().forEach((step) => step());
  for (const [to, from] of Object.entries(c.images ?? {})) {
    const target = join(dir, to);
    const folder = dirname(target);
    if (!existsSync(folder)) {
      mkdirSync(folder, { recursive: true });
      undo.push(() => rmSync(folder, { recursive: true, force: true }));
    }
    const original = existsSync(target) ? readFileSync(target) : undefined;
    copyFileSync(join(TEST_PHOTOS, from), target);
    undo.push(() => (original ? writeFileSync(target, original) : rmSync(target, { force: true })));
  }
  const path = join(dir, c.file);
  const text = readFileSync(path, 'utf8');
  const edited = c.append !== undefined ? text + c.append : text.replace(new RegExp(c.find!, 'm'), c.replace!);
  if (edited === text) {
    putBack();
    return undefined;
  }
  writeFileSync(path, edited);
  undo.push(() => writeFileSync(path, text));
  return putBack;
}

/** What is wrong with the build's answer to a case, if anything: accepted, another place named, no suggestion, a stack trace. */
function judge(c: BadCase, dir: string, ok: boolean, said: string): string | undefined {
  const edited = readFileSync(join(dir, c.file), 'utf8');
  const expectedFile = relative(process.cwd(), join(dir, c.expect.file));
  const line = edited.slice(0, edited.search(new RegExp(c.expect.line, 'm'))).split('\n').length;
  const wanted = `${expectedFile}:${line}:`;
  const entry = said.split('\n').find((l) => l.includes(wanted));
  if (ok) return `${c.name} : accepté`;
  if (!entry) return `${c.name} : attendu ${wanted} › ${c.expect.field}, reçu :\n${said}`;
  if (!new RegExp(`› ${c.expect.field || '\\(fichier\\)'} : .*(${c.expect.message})`, 'i').test(entry)) return `${c.name} : message inattendu : ${entry}`;
  if (c.expect.absent && new RegExp(c.expect.absent).test(said)) return `${c.name} : message en trop (${c.expect.absent}) : ${said}`;
  if (said.split('\n').some((l) => missingSuggestion(l, c.expect.file))) return `${c.name} : aucune suggestion : ${said}`;
  if (/^\s+at /m.test(said)) return `${c.name} : trace de pile montrée à la rédaction`;
  return undefined;
}
