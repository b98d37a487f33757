import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digest, DistWriter, fileStamp } from '../../src/engine/index.ts';

/** Writes `files` as a build with no manifest of the last one does, and commits. */
async function writeFresh(files: [string, string][], out: string): Promise<void> {
  const writer = new DistWriter(out, undefined);
  for (const [path, text] of files) {
    const bytes = new TextEncoder().encode(text);
    writer.put(path, digest(bytes), bytes);
  }
  await writer.commit();
}

describe('DistWriter', () => {
  it('stores an alias page once (hard link) and swaps the new site in whole', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'write-'));
    const out = join(parent, 'dist');
    const page = '<!DOCTYPE html><title>Hull</title>';
    await writeFresh([['old.html', 'ancien']], out);
    await writeFresh([['abattage-hull.html', page], ['zones/hull.html', page], ['robots.txt', 'User-agent: *']], out);
    expect(readFileSync(join(out, 'zones/hull.html'), 'utf8')).toBe(page);
    expect(statSync(join(out, 'zones/hull.html')).ino).toBe(statSync(join(out, 'abattage-hull.html')).ino);
    expect(statSync(join(out, 'robots.txt')).nlink).toBe(1);
    expect(readdirSync(out).sort()).toEqual(['abattage-hull.html', 'robots.txt', 'zones']);
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('leaves dist/ as it was when the build is abandoned', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'write-'));
    const out = join(parent, 'dist');
    await writeFresh([['index.html', 'avant']], out);
    const writer = new DistWriter(out, undefined);
    const bytes = new TextEncoder().encode('après');
    writer.put('index.html', digest(bytes), bytes);
    await writer.abort();
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('avant');
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('has a thread link the stored pages into the new site and records what it made', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'write-'));
    const store = join(parent, 'store');
    const out = join(parent, 'dist');
    await writeFresh([['store/a', 'Page A'], ['store/b', 'Page B']], store);
    const writer = new DistWriter(out, undefined, 2);
    writer.expectLinks(1200);
    const paths = Array.from({ length: 1200 }, (_, i) => `villes/ville-${i}/index.html`);
    paths.forEach((path, i) => writer.put(path, i % 2 ? 'b' : 'a', undefined, join(store, i % 2 ? 'store/b' : 'store/a')));
    const manifest = await writer.commit();
    expect(readFileSync(join(out, paths[7]!), 'utf8')).toBe('Page B');
    expect(statSync(join(out, paths[6]!)).ino).toBe(statSync(join(store, 'store/a')).ino);
    for (const path of [paths[0]!, paths[1199]!]) {
      expect(manifest.files[path]![1]).toBe(fileStamp(join(out, path), 'portable'));
    }
    expect(Object.keys(manifest.files)).toHaveLength(1200);
  });

  it('stops the linking thread and keeps dist/ when a build with many links is abandoned', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'write-'));
    const out = join(parent, 'dist');
    await writeFresh([['index.html', 'avant']], out);
    const stored = join(parent, 'stored');
    writeFileSync(stored, 'page');
    const writer = new DistWriter(out, undefined, 1);
    for (let i = 0; i < 2000; i++) writer.put(`p-${i}.html`, 'h', undefined, stored);
    await writer.abort();
    expect(readdirSync(out)).toEqual(['index.html']);
    expect(readdirSync(parent).sort()).toEqual(['dist', 'stored']);
  });
});
