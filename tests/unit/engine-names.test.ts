import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles } from '../../tools/lib/layers.ts';
import { ROOT } from '../../tools/lib/root.ts';

/** A top-level function, arrow function held by a constant, class, interface or type, by the name it declares. */
const DECLARED = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+(\w+)|const\s+(\w+)\s*=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*(?::[^=]+)?=>|(?:abstract\s+)?class\s+(\w+)|interface\s+(\w+)|type\s+(\w+))/gm;

/** Each name declared in more than one place, with the files that declare it. */
function declaredTwice(files: { path: string; text: string }[]): Record<string, string[]> {
  const places = new Map<string, string[]>();
  for (const { path, text } of files) {
    for (const match of text.matchAll(DECLARED)) {
      const name = match.slice(1).find((group) => group !== undefined)!;
      places.set(name, [...(places.get(name) ?? []), path]);
    }
  }
  return Object.fromEntries([...places].filter(([, where]) => where.length > 1));
}

describe('the engine names each thing once', () => {
  it('declares no function, class, interface or type name twice in src/engine (a declaration file only describes its module)', () => {
    const files = codeFiles('src/engine')
      .filter((path) => !path.endsWith('.d.mts'))
      .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(20);
    expect(declaredTwice(files)).toEqual({});
  });

  it('finds a name declared in two files, whatever the form (the check can fail)', () => {
    const found = declaredTwice([
      { path: 'a.ts', text: 'export async function drawCards() {}\nexport interface Parsed {}\nconst read = (x: number) => x;' },
      { path: 'b.ts', text: 'function drawCards(pages) {}\ntype Parsed = string;\nexport const read = async (): Promise<void> => {};\nconst other = 3;' },
    ]);
    expect(found).toEqual({ drawCards: ['a.ts', 'b.ts'], Parsed: ['a.ts', 'b.ts'], read: ['a.ts', 'b.ts'] });
  });
});
