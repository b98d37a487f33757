import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/** Bumped when the layout or meaning of cache files changes: older folders are then ignored. */
const LAYOUT = 'v1';

/** A short, file-name-safe digest of `parts` (content keys and page file names). */
export function digest(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

/** A cache file as it was when written: it is used again only while it still is. */
export interface FileRef {
  file: string;
  size: number;
  mtimeMs: number;
}

/**
 * The build's disk cache (default `.cache/build`): parsed content files, rendered pages and the
 * client assets, each under a key made of everything that shapes it. Every file is written to a
 * temporary name then renamed, so a crash leaves no half file; a file that does not parse, names
 * another key or changed since it was written is a miss, never trusted. Deleting the folder is
 * always safe.
 */
export class DiskCache {
  readonly root: string;

  constructor(dir: string) {
    this.root = join(dir, LAYOUT);
    for (const sub of ['parsed', 'html', 'assets']) mkdirSync(join(this.root, sub), { recursive: true });
  }

  readJson<T>(sub: string, key: string): T | undefined {
    try {
      const stored = JSON.parse(readFileSync(join(this.root, sub, `${key}.json`), 'utf8')) as { key?: unknown; value?: T };
      return stored.key === key ? stored.value : undefined;
    } catch {
      return undefined;
    }
  }

  writeJson(sub: string, key: string, value: unknown): void {
    this.writeJsonText(sub, key, JSON.stringify(value));
  }

  /** The same, for a value the caller has already serialized. */
  writeJsonText(sub: string, key: string, json: string): void {
    atomicWrite(join(this.root, sub, `${key}.json`), `{"key":${JSON.stringify(key)},"value":${json}}`);
  }

  /** Stores a rendered page under the digest of its bytes and says where it is. */
  writeHtml(hash: string, bytes: Uint8Array): FileRef {
    const file = join(this.root, 'html', `${hash}.html`);
    const existing = this.check({ file, size: bytes.length, mtimeMs: -1 }, true);
    if (existing) return existing;
    atomicWrite(file, bytes);
    const { size, mtimeMs } = statSync(file);
    return { file, size, mtimeMs };
  }

  /** The file as it is now if it still has the size and time it was written with, else undefined. */
  check(ref: FileRef, sizeOnly = false): FileRef | undefined {
    try {
      const { size, mtimeMs } = statSync(ref.file);
      return size === ref.size && (sizeOnly || mtimeMs === ref.mtimeMs) ? { file: ref.file, size, mtimeMs } : undefined;
    } catch {
      return undefined;
    }
  }

  readIndex<T>(): T | undefined {
    return this.readJson<T>('.', 'index');
  }

  writeIndex(value: unknown): void {
    this.writeJson('.', 'index', value);
  }

  assetsDir(key: string): string {
    return join(this.root, 'assets', key);
  }

  /**
   * Removes what the last build did not use, once the unused files outnumber the used ones: a
   * cache that only grows would fill the disk of a long-lived dev machine.
   */
  prune(sub: 'parsed' | 'html' | 'assets', live: Set<string>): void {
    const dir = join(this.root, sub);
    const names = readdirSync(dir);
    if (names.length <= 2 * live.size + 64) return;
    for (const name of names) {
      if (live.has(name)) continue;
      rmSync(join(dir, name), { recursive: true, force: true });
    }
  }
}

let sequence = 0;
export function atomicWrite(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}-${threadId}-${++sequence}.tmp`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // Nothing was written.
    }
    throw error;
  }
}
