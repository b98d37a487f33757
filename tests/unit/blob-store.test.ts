import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type BlobKind, BlobStore, BY_DIGEST, digest } from '../../src/engine/index.ts';

/** A kind whose files start with `<` and end with `>`: enough to tell a whole file from a cut one. */
const BRACKETED: BlobKind = { sample: () => ({ head: 1, tail: 1 }), check: (_name, ends) => ends[0] === 60 && ends[1] === 62 };
/** A kind checked on its whole bytes: the name is their length. */
const SIZED: BlobKind = { sample: () => 'whole', check: (name, bytes) => String(bytes.length) === name };

const dirs: string[] = [];
const store = (kind: BlobKind) => {
  const dir = mkdtempSync(join(tmpdir(), 'blobs-'));
  dirs.push(dir);
  return new BlobStore(dir, kind);
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the blob store trusts a file only when its kind says it is whole', () => {
  it('gives back what it was given, by name', () => {
    const blobs = store(BRACKETED);
    blobs.write('a', Buffer.from('<page>'));
    expect(blobs.has('a')).toBe(true);
    expect(Buffer.from(blobs.read('a')!).toString()).toBe('<page>');
    expect(blobs.has('b')).toBe(false);
  });

  it('takes a file that fails its check for a miss, and removes it so the next build writes it again', () => {
    const blobs = store(BRACKETED);
    writeFileSync(blobs.fileOf('cut'), '<pag');
    expect(blobs.has('cut')).toBe(false);
    expect(existsSync(blobs.fileOf('cut'))).toBe(false);
    const sized = store(SIZED);
    writeFileSync(sized.fileOf('5'), 'four');
    expect(sized.read('5')).toBeUndefined();
    expect(existsSync(sized.fileOf('5'))).toBe(false);
  });

  it('keeps only the names a build still uses when pruned', () => {
    const blobs = store(BRACKETED);
    for (const name of ['kept', 'gone']) blobs.write(name, Buffer.from('<x>'));
    blobs.prune(new Set(['kept']));
    expect([blobs.has('kept'), blobs.has('gone')]).toEqual([true, false]);
  });

  it('neither reads nor removes a file under a name its kind never gives (an index from disk may say anything)', () => {
    const blobs = store(BY_DIGEST);
    const outside = join(mkdtempSync(join(tmpdir(), 'ailleurs-')), 'important.txt');
    dirs.push(join(outside, '..'));
    writeFileSync(outside, 'à garder');
    const name = join('..', '..', outside);
    expect([blobs.has(name), blobs.read(name)]).toEqual([false, undefined]);
    expect(existsSync(outside)).toBe(true);
    const bytes = Buffer.from('une page');
    blobs.write(digest(bytes), bytes);
    expect(blobs.has(digest(bytes))).toBe(true);
  });

  it('holds files in memory without a folder (a build with no disk cache)', () => {
    const blobs = new BlobStore(null, BRACKETED);
    blobs.write('a', Buffer.from('<x>'));
    expect(blobs.read('a')).toEqual(Buffer.from('<x>'));
    blobs.prune(new Set());
    expect(blobs.has('a')).toBe(false);
  });
});
