import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { AssetStore } from './assets.ts';
import { atomicWrite } from './atomic-write.ts';
import { CardStore } from './card-store.ts';
import { currentEnvironment, type Environment, settleEnvironment } from './environment.ts';
import type { DistManifest } from './dist-writer.ts';
import { PageStore } from './page-store.ts';

/** Bumped when the layout or meaning of cache files changes: older folders are then ignored. */
const LAYOUT = 'v3';

/** How a build's engine names the environment its disk cache is made in: this process's by default, another in a test. */
export interface EnvironmentOption {
  environment?: Environment;
}

/** What a build says of its disk cache as a whole. */
export interface CacheReport {
  /** Why the whole cache was emptied before this build, if it was: the environment changed (`--explain`). */
  cacheSetAside?: string | undefined;
}

/** The card store's folder in a cache folder: where the local servers keep the cards they draw on request. */
export function cardStoreDir(cacheDir: string): string {
  return join(cacheDir, LAYOUT, 'cards');
}

/** Where a parsed entry is: a pack file, and the byte range of its line. */
export type PackedAt = [pack: string, offset: number, length: number];

/**
 * The build's disk cache (default `.cache/build`): parsed content files, the client assets, the
 * rendered pages, the share cards (card-store.ts), the index of the last build and what it left
 * in dist/, each under a key made of everything that shapes it. Parsed entries are written a
 * batch at a time into pack files, one JSON line each (4,000 small files cost seconds on a slow
 * disk; 40 packs do not); pages are hard links to the files of dist/, which are written one by
 * one anyway (page-store.ts). Every file is written to a temporary name then renamed, so a crash
 * leaves no half file; a line that does not parse or names another key is a miss, never
 * trusted. Deleting the folder is always safe.
 */
export class DiskCache {
  readonly root: string;
  readonly pages: PageStore;
  readonly cards: CardStore;
  readonly assets: AssetStore;
  private readonly open = new Map<string, number>();
  /** Why the folder was emptied as a build's engine opened it, until that build has said it. */
  private setAside: string | undefined;

  /**
   * The cache a build's engine opens: its folder emptied first if it was made in another
   * environment (environment.ts). Threads open theirs after it, with `new`.
   */
  static forBuild(dir: string, environment: Environment = currentEnvironment()): DiskCache {
    const setAside = settleEnvironment(join(dir, LAYOUT), environment);
    const cache = new DiskCache(dir);
    cache.setAside = setAside;
    return cache;
  }

  constructor(dir: string) {
    this.root = join(dir, LAYOUT);
    mkdirSync(join(this.root, 'packs'), { recursive: true });
    this.pages = new PageStore(join(this.root, 'pages'));
    this.assets = new AssetStore(join(this.root, 'assets'));
    this.cards = new CardStore(cardStoreDir(dir));
  }

  /** Why the folder was emptied, said once: to the first build. */
  takeSetAside(): string | undefined {
    const why = this.setAside;
    this.setAside = undefined;
    return why;
  }

  /** Writes `[key, json]` pairs as one new pack and says where each one is. */
  writePack(entries: [key: string, json: string][]): Map<string, PackedAt> {
    const pack = `${Date.now().toString(36)}-${threadId}-${randomBytes(4).toString('hex')}.jsonl`;
    const at = new Map<string, PackedAt>();
    const lines: Buffer[] = [];
    let offset = 0;
    for (const [key, json] of entries) {
      const line = Buffer.from(`{"key":${JSON.stringify(key)},"value":${json}}\n`);
      at.set(key, [pack, offset, line.length]);
      lines.push(line);
      offset += line.length;
    }
    atomicWrite(join(this.root, 'packs', pack), Buffer.concat(lines));
    return at;
  }

  readPacked<T>(key: string, [pack, offset, length]: PackedAt): T | undefined {
    try {
      let fd = this.open.get(pack);
      if (fd === undefined) this.open.set(pack, (fd = openSync(join(this.root, 'packs', pack), 'r')));
      const bytes = Buffer.alloc(length);
      if (readSync(fd, bytes, 0, length, offset) !== length) return undefined;
      const stored = JSON.parse(bytes.toString('utf8')) as { key?: unknown; value?: T };
      return stored.key === key ? stored.value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Closes the packs this thread read (a later build may delete them). */
  release(): void {
    for (const fd of this.open.values()) closeSync(fd);
    this.open.clear();
  }

  readIndex<T>(): T | undefined {
    return this.readStored<T>('index.json');
  }

  /** The index as the file holds it: made ahead of `writeIndex` when there is time to spare. */
  indexText(value: unknown): string {
    return JSON.stringify({ layout: LAYOUT, value });
  }

  writeIndex(text: string): void {
    atomicWrite(join(this.root, 'index.json'), text);
  }

  /** What the last build left in dist/ (dist-writer.ts), beside the index: a build without dist/ never parses it. */
  readDist(): DistManifest | undefined {
    return this.readStored<DistManifest>('dist.json');
  }

  writeDist(manifest: DistManifest): void {
    atomicWrite(join(this.root, 'dist.json'), JSON.stringify({ layout: LAYOUT, value: manifest }));
  }

  private readStored<T>(name: string): T | undefined {
    try {
      const stored = JSON.parse(readFileSync(join(this.root, name), 'utf8')) as { layout?: unknown; value?: T };
      return stored.layout === LAYOUT ? stored.value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Removes the packs the last build no longer points to (the stores prune their own files). */
  prunePacks(live: ReadonlySet<string>): void {
    const dir = join(this.root, 'packs');
    for (const name of readdirSync(dir)) if (!live.has(name)) rmSync(join(dir, name), { force: true });
  }
}
