import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { digest } from '../digest.ts';
import { atomicWrite } from './atomic-write.ts';
import { readWhole } from './read-whole.ts';

/**
 * What a kind of stored file must be, checked before it is trusted: a cache may be restored from
 * elsewhere, or left half written by a crash of an older version.
 */
export interface BlobKind {
  /**
   * Whether `name` is one this kind gives its files, when names may come from outside the code
   * that makes them (an index read from disk): any other is a miss, and no file is touched.
   */
  named?(name: string): boolean;
  /** What of a file its check reads: its first and last bytes (a header, a trailer), or the whole of it. */
  sample(name: string): { head: number; tail: number } | 'whole';
  /** Whether those bytes (head and tail joined, or the whole file) are what a file of that name must be. */
  check(name: string, bytes: Uint8Array): boolean;
}

/** What digest.ts makes: the only names a file stored by its digest has, whatever an index says. */
const DIGEST_NAME = /^[\w-]{27}$/;

/** Files named by the digest of their bytes (the stored pages, the editor's bundle), read whole and hashed again. */
export const BY_DIGEST: BlobKind = { named: (name) => DIGEST_NAME.test(name), sample: () => 'whole', check: (name, bytes) => digest(bytes) === name };

/**
 * Files named by what they hold (a hash of their inputs or of their bytes), one folder per kind,
 * each written whole or not at all and checked by its kind on every look: a file that fails is
 * a miss, and removed. Without a folder (a build with no disk cache) the files stay in memory,
 * where they need no check. Names come from the code that makes them, never from outside: none
 * leaves the folder.
 */
export class BlobStore {
  private readonly memory = new Map<string, Uint8Array>();

  constructor(
    readonly dir: string | null,
    private readonly kind: BlobKind,
  ) {
    if (dir) mkdirSync(dir, { recursive: true });
  }

  /** The file a name is stored in (stores with a folder only). */
  fileOf(name: string): string {
    if (!this.dir) throw new Error(`pas de dossier pour ${name} : ce stockage est en mémoire`);
    return join(this.dir, name);
  }

  write(name: string, bytes: Uint8Array): void {
    if (this.dir) atomicWrite(this.fileOf(name), bytes);
    else this.memory.set(name, bytes);
  }

  /**
   * Whether a file of that name is here and passes its kind's check, reading only what the check
   * needs: a file checked whole is read into a buffer the next read reuses (read-whole.ts).
   */
  has(name: string): boolean {
    if (!this.dir) return this.memory.has(name);
    if (this.kind.named && !this.kind.named(name)) return false;
    const sample = this.kind.sample(name);
    if (sample !== 'whole') return this.checkEnds(name, sample);
    let bytes: Uint8Array;
    try {
      bytes = readWhole(this.fileOf(name));
    } catch {
      return false;
    }
    return this.passes(name, bytes);
  }

  /** The bytes stored under `name`, if its kind's check passes. */
  read(name: string): Uint8Array | undefined {
    if (!this.dir) return this.memory.get(name);
    if (this.kind.named && !this.kind.named(name)) return undefined;
    const file = this.fileOf(name);
    if (!existsSync(file)) return undefined;
    const bytes = new Uint8Array(readFileSync(file));
    const sample = this.kind.sample(name);
    const checked = sample === 'whole' ? bytes : joined(bytes.subarray(0, sample.head), bytes.subarray(Math.max(sample.head, bytes.length - sample.tail)), sample);
    return this.passes(name, checked) ? bytes : undefined;
  }

  /** Deletes every file whose name is not in `live`: called once the build that names them has committed. */
  prune(live: ReadonlySet<string>): void {
    for (const name of this.memory.keys()) if (!live.has(name)) this.memory.delete(name);
    if (!this.dir) return;
    for (const name of readdirSync(this.dir)) if (!live.has(name)) rmSync(join(this.dir, name), { recursive: true, force: true });
  }

  private checkEnds(name: string, { head, tail }: { head: number; tail: number }): boolean {
    const file = this.fileOf(name);
    if (!existsSync(file)) return false;
    const fd = openSync(file, 'r');
    try {
      const { size } = fstatSync(fd);
      if (size < head + tail) return this.passes(name, undefined);
      const ends = new Uint8Array(head + tail);
      if (readSync(fd, ends, 0, head, 0) !== head || (tail > 0 && readSync(fd, ends, head, tail, size - tail) !== tail)) return false;
      return this.passes(name, ends);
    } finally {
      closeSync(fd);
    }
  }

  /** The kind's verdict; a file that fails is removed, so that the next build writes it again. */
  private passes(name: string, bytes: Uint8Array | undefined): boolean {
    if (bytes && this.kind.check(name, bytes)) return true;
    rmSync(this.fileOf(name), { force: true });
    return false;
  }
}

/** A file's first and last bytes as one sample; undefined when the file is shorter than both. */
function joined(head: Uint8Array, tail: Uint8Array, sample: { head: number; tail: number }): Uint8Array | undefined {
  if (head.length < sample.head || tail.length < sample.tail) return undefined;
  const bytes = new Uint8Array(head.length + tail.length);
  bytes.set(head);
  bytes.set(tail, head.length);
  return bytes;
}
