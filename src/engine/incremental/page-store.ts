import { linkSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { atomicWrite } from './atomic-write.ts';
import { digest } from '../digest.ts';
import { readWhole } from './read-whole.ts';

let sequence = 0;

/** What digest.ts makes: the only names a stored page has, whatever an index read from disk says. */
const DIGEST = /^[\w-]{27}$/;

/**
 * Every rendered page of the last build, one file each, named by the digest of its bytes
 * (`.cache/build/…/pages/<digest>`): what a build takes instead of rendering when dist/ is gone
 * (a CI runner restores the cache, never dist/). A page is stored as a hard link to the file of
 * dist/ it was written to, so storing copies no bytes, and a stored page goes back into dist/ the
 * same way. A link shares its bytes with dist/, and the cache may come back from elsewhere with
 * new inodes and times: a stored page is trusted only when its bytes, read again, have the
 * digest of its name.
 */
export class PageStore {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  fileOf(hash: string): string {
    return join(this.dir, hash);
  }

  /**
   * Stores the page that `file` holds, by a hard link, or else (another volume) by writing
   * `bytes`. It replaces any file of that name: a damaged one must not outlive a new render.
   */
  keep(hash: string, bytes: Uint8Array, file: string): void {
    const stored = this.fileOf(hash);
    const temporary = `${stored}.${process.pid}-${threadId}-${++sequence}.tmp`;
    try {
      linkSync(file, temporary);
      renameSync(temporary, stored);
    } catch {
      rmSync(temporary, { force: true });
      atomicWrite(stored, bytes);
    }
  }

  /** The file stored under `hash` if its bytes still have that digest; a damaged one is removed. */
  verified(hash: string): string | undefined {
    return this.check(hash) && this.fileOf(hash);
  }

  /** A copy of the bytes stored under `hash` if they still have that digest. */
  read(hash: string): Uint8Array | undefined {
    const bytes = this.check(hash);
    return bytes && new Uint8Array(bytes);
  }

  /** The stored bytes, in the buffer the next read reuses (read-whole.ts). */
  private check(hash: string): Uint8Array | undefined {
    // A damaged index must not make this read, then remove, a file outside the store.
    if (!DIGEST.test(hash)) return undefined;
    const file = this.fileOf(hash);
    let bytes: Uint8Array;
    try {
      bytes = readWhole(file);
    } catch {
      return undefined;
    }
    if (digest(bytes) === hash) return bytes;
    rmSync(file, { force: true });
    return undefined;
  }

  /** How many of `hashes` have a file (unchecked): whether a build can expect to take its pages from here. */
  count(hashes: Iterable<string>): number {
    const names = new Set(readdirSync(this.dir));
    let n = 0;
    for (const hash of hashes) if (names.has(hash)) n++;
    return n;
  }
}
