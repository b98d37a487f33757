import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digest } from '../../src/engine/index.ts';

/** The definition: SHA-1 of each part's bytes, each closed by a NUL, in base64url. */
function reference(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

describe('digest', () => {
  it('gives strings, bytes and a mix of both the digest of their bytes each closed by a NUL, accents included', () => {
    const bytes = new TextEncoder().encode('<p>Érable à Hull</p>');
    for (const parts of [['fr', 'cities/hull.md', 'é—中'], [''], [], [bytes], ['page', bytes, 'fin']] as (string | Uint8Array)[][]) {
      expect(digest(...parts), JSON.stringify(parts)).toBe(reference(...parts));
    }
  });

  it('tells apart parts that join into the same text: ab + c is not a + bc', () => {
    expect(digest('ab', 'c')).not.toBe(digest('a', 'bc'));
  });
});
