import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digest, type DistManifest, DistWriter, fileStamp, RACY_MS } from '../../src/engine/index.ts';

/** Writes `files` as a build with no manifest of the last one does, and commits. */
async function writeFresh(files: [string, string][], out: string): Promise<DistManifest> {
  const writer = new DistWriter(out, undefined);
  for (const [path, text] of files) {
    const bytes = new TextEncoder().encode(text);
    writer.put(path, digest(bytes), bytes);
  }
  return writer.commit();
}

/** Gives `file` a last change an hour back, as a site built long before this build has. */
function writtenLongAgo(file: string): void {
  const anHourAgo = Date.now() / 1000 - 3600;
  utimesSync(file, anHourAgo, anHourAgo);
}

/**
 * Gives `file` a last change that is still within the clock's tick when its stamp is taken, as a
 * file just written has, however slow the machine is to get there.
 */
function justWritten(file: string): void {
  const soon = (Date.now() + RACY_MS / 2) / 1000;
  utimesSync(file, soon, soon);
}

/** A build thread's write of `text` to `path` (render-pages.ts), with the last change `times` gives it. */
function writeAsThread(writer: DistWriter, path: string, text: string, times: (file: string) => void): void {
  const file = writer.fileFor(path);
  writeFileSync(file, text);
  times(file);
  writer.adopt(path, digest(new TextEncoder().encode(text)), file);
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
    for (const page of ['store/a', 'store/b']) writtenLongAgo(join(store, page));
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

  it('records no stamp for a file written within the clock’s tick, and writes the site again when a hand rewrites it then with the same size and times', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'write-')), 'dist');
    const first = new DistWriter(out, undefined);
    writeAsThread(first, 'index.html', 'Gatineau', justWritten);
    writeAsThread(first, 'robots.txt', 'User-agent: *', writtenLongAgo);
    const manifest = await first.commit();
    const page = join(out, 'index.html');
    expect(manifest.files['index.html']).toEqual([digest(new TextEncoder().encode('Gatineau'))]);
    expect(manifest.files['robots.txt']![1]).toBe(fileStamp(join(out, 'robots.txt'), 'portable'));
    const { atime, mtime } = statSync(page);
    writeFileSync(page, 'Gatinaeu');
    utimesSync(page, atime, mtime);
    const next = new DistWriter(out, manifest);
    expect(next.mode).toBe('fresh');
    const bytes = new TextEncoder().encode('Gatineau');
    next.put('index.html', digest(bytes), bytes);
    await next.commit();
    expect(readFileSync(page, 'utf8')).toBe('Gatineau');
  });

  it('reads again a file it has no stamp for, keeps it when whole, and stamps it once its last change is past the clock’s tick', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'write-')), 'dist');
    const first = new DistWriter(out, undefined);
    writeAsThread(first, 'index.html', 'Aylmer', justWritten);
    const manifest = await first.commit();
    const page = join(out, 'index.html');
    expect(manifest.files['index.html']).toHaveLength(1);
    writtenLongAgo(page);
    const inode = statSync(page).ino;
    const next = new DistWriter(out, manifest);
    expect(next.mode).toBe('update');
    const bytes = new TextEncoder().encode('Aylmer');
    next.put('index.html', digest(bytes), bytes);
    const after = await next.commit();
    expect(statSync(page).ino).toBe(inode);
    expect(after.files['index.html']).toEqual([digest(bytes), fileStamp(page, 'portable')]);
  });

  it('gives a link no stamp when its file was written within the clock’s tick, as an alias of a page just written is', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'write-'));
    const out = join(parent, 'dist');
    const stored = join(parent, 'stored');
    writeFileSync(stored, 'Page de Hull');
    justWritten(stored);
    const writer = new DistWriter(out, undefined);
    writer.put('abattage-hull.html', digest(readFileSync(stored)), undefined, stored);
    const manifest = await writer.commit();
    expect(statSync(join(out, 'abattage-hull.html')).ino).toBe(statSync(stored).ino);
    expect(manifest.files['abattage-hull.html']).toHaveLength(1);
  });
});
