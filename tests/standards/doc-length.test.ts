import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../tools/lib/root.ts';

// The reference docs say how things are and why, short enough to be read whole: history and
// measurements live elsewhere (git log, bench/results/).
const REFERENCE = ['architecture', 'build-and-cache', 'tests', 'deploy', 'content', 'decisions'];
const LIMIT = 3000;

/**
 * Words as GNU `wc -w` counts them: runs of characters between white space, where the no-break
 * spaces French typography puts before « : » count as space too (a byte-order mark does not).
 */
const words = (text: string) => text.replace(/\uFEFF/g, '').split(/[\s\u2060]+/).filter(Boolean).length;

describe('the reference docs', () => {
  it(`each hold at most ${LIMIT} words`, () => {
    const long = REFERENCE.map((name) => ({ name, count: words(readFileSync(join(ROOT, 'docs', `${name}.md`), 'utf8')) })).filter((d) => d.count > LIMIT);
    expect(long).toEqual([]);
  });

  it('count words as wc -w does', () => {
    expect(words('Le cache\u00a0: une clé\tpar page.\n\n| a | b |\n')).toBe(12);
    expect(words('a\u202fb c\u2007d e\u2060f g\uFEFFh\n')).toBe(7);
  });
});
