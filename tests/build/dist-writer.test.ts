import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digest, DistWriter } from '../../src/engine/index.ts';

/** Writes `files` as a build with no manifest of the last one does, and commits. */
function writeFresh(files: [string, string][], out: string): void {
  const writer = new DistWriter(out, undefined);
  for (const [path, text] of files) {
    const bytes = new TextEncoder().encode(text);
    writer.put(path, digest(bytes), bytes);
  }
  writer.commit();
}

describe('DistWriter', () => {
  it('stores an alias page once (hard link) and swaps the new site in whole', () => {
    const parent = mkdtempSync(join(tmpdir(), 'write-'));
    const out = join(parent, 'dist');
    const page = '<!DOCTYPE html><title>Hull</title>';
    writeFresh([['old.html', 'ancien']], out);
    writeFresh([['abattage-hull.html', page], ['zones/hull.html', page], ['robots.txt', 'User-agent: *']], out);
    expect(readFileSync(join(out, 'zones/hull.html'), 'utf8')).toBe(page);
    expect(statSync(join(out, 'zones/hull.html')).ino).toBe(statSync(join(out, 'abattage-hull.html')).ino);
    expect(statSync(join(out, 'robots.txt')).nlink).toBe(1);
    expect(readdirSync(out).sort()).toEqual(['abattage-hull.html', 'robots.txt', 'zones']);
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('leaves dist/ as it was when the build is abandoned', () => {
    const parent = mkdtempSync(join(tmpdir(), 'write-'));
    const out = join(parent, 'dist');
    writeFresh([['index.html', 'avant']], out);
    const writer = new DistWriter(out, undefined);
    const bytes = new TextEncoder().encode('après');
    writer.put('index.html', digest(bytes), bytes);
    writer.abort();
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('avant');
    expect(readdirSync(parent)).toEqual(['dist']);
  });
});
