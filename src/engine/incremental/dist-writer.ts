import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { digest } from '../digest.ts';
import { fileStamp, stampOf } from '../file-stamp.ts';
import { LinkQueue } from './link-queue.ts';
import { readWhole } from './read-whole.ts';

/**
 * What the last build left in dist/: each file's digest and its stamp then (file-stamp.ts), none
 * for a file last written within RACY_MS of when its stamp was taken.
 */
export interface DistManifest {
  dir: string;
  files: Record<string, DistEntry>;
}

type DistEntry = [hash: string, stamp?: string];

/**
 * Writes a build into dist/. When dist/ is exactly what the last build left (`intact`, below),
 * only the files that changed are written, each to a temporary name and renamed over the old
 * one at `commit`; otherwise the whole site goes into a fresh folder that replaces dist/ at once.
 * Either way nothing in dist/ changes before `commit`,
 * so a build that fails leaves the last good site, and a file with the same bytes as one already
 * there (an alias page, an unchanged page at a new address, a page of the cache's page store) is
 * a hard link, not a copy: queued, and made at `commit` or, from `linkThreadFrom` links on, by a
 * thread of their own while the build goes on (link-queue.ts).
 */
export class DistWriter {
  readonly target: string;
  readonly mode: 'update' | 'fresh';
  private readonly previous: DistManifest['files'];
  private readonly stamp = `${process.pid}-${Date.now()}`;
  private readonly staging: string;
  /** A file holding each digest's bytes: in dist/ already, or written by this build. */
  private readonly sources = new Map<string, string>();
  /** dist/ path → the file written for it (temporary name or staged file), its digest, and its number in the link queue if it is queued. */
  private readonly written = new Map<string, { file: string; hash: string; link?: number }>();
  private readonly links: LinkQueue;
  private readonly kept = new Set<string>();
  private readonly folders = new Set<string>();

  constructor(outDir: string, manifest: DistManifest | undefined, linkThreadFrom = Infinity) {
    this.target = resolve(outDir);
    this.links = new LinkQueue(linkThreadFrom);
    this.previous = (manifest?.dir === this.target && intact(this.target, manifest)) || {};
    this.mode = Object.keys(this.previous).length > 0 ? 'update' : 'fresh';
    this.staging = join(dirname(this.target), `.dist-tmp-${this.stamp}`);
    if (this.mode === 'fresh') mkdirSync(this.staging, { recursive: true });
    for (const [path, [hash]] of Object.entries(this.previous)) this.sources.set(hash, join(this.target, path));
  }

  /** Says that about `count` pages are to be linked from the page store: enough for a thread of their own, it starts now. */
  expectLinks(count: number): void {
    if (this.mode === 'fresh') this.links.expect(count);
  }

  /** Whether bytes with this digest can be had without rendering them again. */
  has(hash: string): boolean {
    return this.sources.has(hash);
  }

  /** Where a new version of `path` is to be written; a build thread writes it, then `adopt`s it. */
  fileFor(path: string): string {
    return this.mode === 'fresh' ? join(this.staging, path) : `${join(this.target, path)}.${this.stamp}.tmp`;
  }

  /** Takes a file a build thread wrote at `fileFor(path)`. */
  adopt(path: string, hash: string, file: string): void {
    if (this.previous[path]?.[0] === hash) {
      rmSync(file, { force: true });
      this.kept.add(path);
      return;
    }
    this.sources.set(hash, file);
    this.written.set(path, { file, hash });
  }

  /**
   * `bytes` may be left out when `has(hash)`. `copyOf`, a file elsewhere with these same bytes (a
   * page of the cache's page store), is linked rather than written when it can be.
   */
  put(path: string, hash: string, bytes?: Uint8Array, copyOf?: string): void {
    if (this.written.get(path)?.hash === hash) return;
    if (this.previous[path]?.[0] === hash) {
      this.kept.add(path);
      return;
    }
    const file = this.fileFor(path);
    const twin = this.sources.get(hash) ?? copyOf;
    if (twin) {
      // The twin is already there, and later twins link to it too: the queue may link them in any order.
      this.sources.set(hash, twin);
      this.written.set(path, { file, hash, link: this.links.add(twin, file) });
      return;
    }
    if (!bytes) throw new Error(`DistWriter: no bytes for ${path} and no file with its digest`);
    const folder = dirname(file);
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
    writeFileSync(file, bytes);
    this.sources.set(hash, file);
    this.written.set(path, { file, hash });
  }

  /** Puts the new site in place; returns what dist/ now holds, for the next build. */
  async commit(): Promise<DistManifest> {
    const files: DistManifest['files'] = {};
    const linked = await this.links.finish();
    // Taken before the stats: a write after them comes later than any file's time vouched for.
    const stampedAt = Date.now();
    if (this.mode === 'fresh') {
      const retired = join(dirname(this.target), `.dist-old-${this.stamp}`);
      const hadPrevious = existsSync(this.target);
      if (hadPrevious) renameSync(this.target, retired);
      renameSync(this.staging, this.target);
      if (hadPrevious) rmSync(retired, { recursive: true, force: true });
    } else {
      for (const [path, { file }] of this.written) renameSync(file, join(this.target, path));
      for (const path of Object.keys(this.previous)) {
        if (!this.kept.has(path) && !this.written.has(path)) rmSync(join(this.target, path), { force: true });
      }
    }
    for (const path of this.kept) files[path] = this.previous[path]!;
    for (const [path, { hash, link }] of this.written) {
      // A rename keeps a file's size and time: the queue's stamps of staged files hold.
      files[path] = entry(hash, link !== undefined ? linked[link] : fileStamp(join(this.target, path), 'portable', stampedAt));
    }
    return { dir: this.target, files };
  }

  /** Leaves dist/ as it was. */
  async abort(): Promise<void> {
    await this.links.cancel();
    if (this.mode === 'fresh') rmSync(this.staging, { recursive: true, force: true });
    else for (const { file } of this.written.values()) rmSync(file, { force: true });
  }
}

/** A manifest's entry: a missing stamp is left out, as JSON would turn it into null. */
function entry(hash: string, stamp: string | undefined): DistEntry {
  return stamp === undefined ? [hash] : [hash, stamp];
}

/**
 * The files recorded, if dist/ holds them all untouched since, with the stamps to record for them
 * next. Its stamps are portable ones: its files are hard links to the page store's, whose change
 * time moves whenever a link to them is made or removed. A file with a stamp must still have it
 * (an edited or replaced file has another size or time); one without, written within the clock's
 * tick before its stamp was taken, where a rewrite of the same size would leave the same stamp,
 * is read again and must still have its digest, and is stamped now if that tick is past. Read
 * rather than written again: a file written again would be as recent, and without a stamp, at
 * every build after, and a fresh dist/ links every page again; read, it is stamped as soon as
 * a build comes after its tick, and a live preview's save writes a few files.
 */
function intact(dir: string, manifest: DistManifest): DistManifest['files'] | undefined {
  const files: DistManifest['files'] = {};
  for (const [path, [hash, stamp]] of Object.entries(manifest.files)) {
    const file = join(dir, path);
    if (stamp !== undefined) {
      if (fileStamp(file, 'portable') !== stamp) return undefined;
      files[path] = [hash, stamp];
      continue;
    }
    const checked = rehashed(file, hash);
    if (!checked) return undefined;
    files[path] = entry(hash, checked.stamp);
  }
  return files;
}

/** Whether `file` still has the digest `hash`, and its stamp if it was already RACY_MS old when read. */
function rehashed(file: string, hash: string): { stamp: string | undefined } | undefined {
  // Taken before the read: a write meanwhile leaves a stamp that the next build finds moved.
  const readAt = Date.now();
  const stat = statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!stat?.isFile() || digest(readWhole(file)) !== hash) return undefined;
  return { stamp: stampOf(stat, 'portable', readAt) };
}
