import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../tools/lib/root.ts';

// Project text says how things are and why, never where an idea came from: a pointer to an issue,
// a work session or a document the repository does not hold tells a reader nothing they can open.
const ROOTS = ['README.md', 'GUIDE.md', 'docs', 'src', 'tests', 'tools'];
/** Generated, vendored or foreign text: sample sites, a pinned tool's lockfile, bench scratch. */
const SKIPPED = new Set(['node_modules', 'tests/fixtures', 'tools/lighthouse', 'tools/bench/.work']);
const CHECKED = /\.(ts|tsx|js|mjs|cjs|md)$/;

// Written with escapes so that this file does not hold the words it refuses.
const POINTERS: { name: string; pattern: RegExp }[] = [
  { name: 'an issue number', pattern: /\bissues? #?\d/i },
  { name: 'a session number', pattern: /\bsessions? #?\d/i },
  { name: 'a section of a specification', pattern: /\bspec\s*\u00a7/i },
  { name: 'a specification the repository does not hold', pattern: /\bla sp\u00e9cification\b/i },
];

/** Every code and Markdown file under the checked roots, relative to the project. */
function checkedFiles(path = ''): string[] {
  if (path === '') return ROOTS.flatMap((root) => checkedFiles(root));
  // Installed packages wherever they are (the bench installs its peers under tools/bench/peers/).
  if (SKIPPED.has(path) || path.split('/').includes('node_modules')) return [];
  const full = join(ROOT, path);
  const entries = (() => {
    try {
      return readdirSync(full, { withFileTypes: true });
    } catch {
      return undefined;
    }
  })();
  if (!entries) return CHECKED.test(path) ? [path] : [];
  return entries.flatMap((e) => (e.isDirectory() ? checkedFiles(relative(ROOT, join(full, e.name))) : CHECKED.test(e.name) ? [relative(ROOT, join(full, e.name))] : []));
}

/** `file:line: what (the line)` for every line of the text that points at an issue, a session or the specification. */
function processWords(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) =>
    POINTERS.filter((p) => p.pattern.test(line)).map((p) => `${file}:${i + 1}: ${p.name} (${line.trim()})`),
  );
}

describe('project text names no issue, session or absent specification', () => {
  it('finds none in README.md, GUIDE.md, docs/, src/, tests/ and tools/', () => {
    const files = checkedFiles();
    expect(files).toContain('README.md');
    expect(files.some((f) => f.startsWith('src/'))).toBe(true);
    expect(files.some((f) => f.startsWith('tests/fixtures/'))).toBe(false);
    const found = files.flatMap((file) => processWords(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('names the file and line of each pointer in a sample text', () => {
    const sample = [
      '// Fixed in issue\u002027, after the review.',
      '/** Every route (spec \u00a72). */',
      'const a = 1; // what session\u00203 decided',
      'Le libellé de la sp\u00e9cification.',
      'result.error.issues[0] and the spectrum stay, as do the fixed labels.',
    ].join('\n');
    expect(processWords('sample.ts', sample)).toEqual([
      'sample.ts:1: an issue number (// Fixed in issue\u002027, after the review.)',
      'sample.ts:2: a section of a specification (/** Every route (spec \u00a72). */)',
      'sample.ts:3: a session number (const a = 1; // what session\u00203 decided)',
      'sample.ts:4: a specification the repository does not hold (Le libellé de la sp\u00e9cification.)',
    ]);
  });
});
