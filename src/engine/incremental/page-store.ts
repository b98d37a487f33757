import { linkSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { BlobStore, BY_DIGEST } from './blob-store.ts';
import { fileStamp } from '../file-stamp.ts';

let sequence = 0;

/**
 * Every rendered page of the last build, one file each, named by the digest of its bytes
 * (`.cache/build/…/pages/<digest>`): what a build takes instead of rendering when dist/ is gone
 * (a CI runner restores the cache, never dist/). A page is stored as a hard link to the file of
 * dist/ it was written to, so storing copies no bytes, and a stored page goes back into dist/ the
 * same way. A link shares its bytes with dist/, and the cache may come back from elsewhere with
 * new inodes: a stored page is trusted only when its bytes, read again, have the digest of its
 * name, or when it still has the stamp (size, modification time to the nanosecond) it had when
 * a build last found it so. Reading and hashing 4,000 pages (200 MB) was most of a CI build's
 * extra cost; a stat is not. Any write since changes the time (a same-size edit of dist/ in place
 * too, through the shared inode), truncation the size, and actions/cache's tar (--posix) gives
 * back each file's time to the nanosecond, so a restored page keeps its stamp and a retouched one
 * does not. What the stamp cannot see, a write that puts back the time it found, is deliberate.
 * Its files are blobs named by their digest (blob-store.ts), as the editor's bundle is: the stamps
 * spare the reading, and the kind's check, not this class, says what a whole page is.
 */
export class PageStore extends BlobStore {
  declare readonly dir: string;
  /** Each page's stamp when a build last found its bytes whole (the index keeps them), by digest. */
  private stamps = new Map<string, string>();
  /** Pages this thread hashed and found whole, with the time it started reading them. */
  private readonly hashedAt = new Map<string, number>();

  constructor(dir: string) {
    super(dir, BY_DIGEST);
  }

  /** The stamps of the last build's index: pages with these need no reading. */
  trust(stamps: Record<string, string>): void {
    this.stamps = new Map(Object.entries(stamps));
  }

  /** Whether the page stored under `hash` still has the stamp it had when last found whole. */
  unchanged(hash: string): boolean {
    const stamp = this.stamps.get(hash);
    return stamp !== undefined && BY_DIGEST.named!(hash) && stamp === fileStamp(this.fileOf(hash), 'portable');
  }

  /** Records that another thread, started at `since`, hashed this page and found it whole. */
  hashedSince(hash: string, since: number): void {
    this.hashedAt.set(hash, since);
  }

  /**
   * The stamps for the next build's index, of the pages in `hashes`: the ones they had, as they
   * were (a page written since no longer has its stamp, whoever compares it), and for the pages
   * hashed whole by this build, their stamp if their last write was already RACY_MS old then (a
   * write after the hash would show a later time). The others will be hashed again.
   */
  stampsFor(hashes: Iterable<string>): Record<string, string> {
    const stamps: Record<string, string> = {};
    for (const hash of hashes) {
      const hashedAt = this.hashedAt.get(hash);
      const stamp = (hashedAt === undefined ? undefined : fileStamp(this.fileOf(hash), 'portable', hashedAt)) ?? this.stamps.get(hash);
      if (stamp !== undefined) stamps[hash] = stamp;
    }
    // A long-lived engine (the live preview) builds again with these.
    this.stamps = new Map(Object.entries(stamps));
    this.hashedAt.clear();
    return stamps;
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
      this.write(hash, bytes);
    }
  }

  /** The file stored under `hash` if it is unchanged since found whole, or its bytes still have that digest; a damaged one is removed. */
  verified(hash: string): string | undefined {
    return this.unchanged(hash) || this.hashed(hash, () => this.has(hash)) ? this.fileOf(hash) : undefined;
  }

  /** A copy of the bytes stored under `hash` if they still have that digest. */
  override read(hash: string): Uint8Array | undefined {
    return this.hashed(hash, () => super.read(hash));
  }

  /** `check`'s answer; a page it found whole is recorded with the time its reading started (stampsFor). */
  private hashed<T>(hash: string, check: () => T): T {
    const started = Date.now();
    const found = check();
    if (found) this.hashedAt.set(hash, started);
    return found;
  }

  /** How many of `hashes` have a file (unchecked): whether a build can expect to take its pages from here. */
  count(hashes: Iterable<string>): number {
    const names = new Set(readdirSync(this.dir));
    let n = 0;
    for (const hash of hashes) if (names.has(hash)) n++;
    return n;
  }
}
