import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from './atomic-write.ts';
import { BlobStore, BY_DIGEST } from './blob-store.ts';
import { digest } from '../digest.ts';
import type { FileSet } from '../file-set.ts';
import type { Fingerprints } from '../project-root.ts';

/** The keys of the client bundle and of the stylesheet: the code that makes them, and the sheet's text. */
export const assetKeys = (fp: Fingerprints, styleSource: string) => ({ client: `client-${fp.assets}`, css: `css-${digest(fp.assets, styleSource)}` });

interface Manifest<M> {
  meta: M;
  /** Each file's path in the set, and the digest its bytes are stored under. */
  files: Record<string, string>;
}

/** What names the manifest of the set of a key: the keys are the code's (assetKeys), never read from outside. */
const MANIFEST = /^(.+)\.json$/;

/**
 * Sets of build files (the client bundle, the stylesheet), each under its key: a manifest
 * (`<key>.json`: the set's meta, and each file's path with the digest of its bytes) and the files
 * in a store by digest (`files/`), which checks each one on reading. A file missing or damaged
 * makes its whole set a miss. The manifest is written last: a set whose manifest exists is whole.
 * The CLI bundle's sets made ahead of time (`.cli/assets/`) and the disk cache's (`v3/assets/`)
 * are two folders of this one layout.
 */
export class AssetStore {
  private readonly files: BlobStore;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.files = new BlobStore(join(dir, 'files'), BY_DIGEST);
  }

  read<M>(key: string): FileSet<M> | undefined {
    const manifest = this.manifest<M>(`${key}.json`);
    if (!manifest) return undefined;
    const files = new Map<string, Uint8Array>();
    for (const [path, hash] of Object.entries(manifest.files)) {
      const bytes = this.files.read(hash);
      if (!bytes) return undefined;
      files.set(path, bytes);
    }
    return { files, meta: manifest.meta };
  }

  write<M>(key: string, set: FileSet<M>): void {
    const files: Record<string, string> = {};
    for (const [path, bytes] of set.files) {
      files[path] = digest(bytes);
      this.files.write(files[path], bytes);
    }
    atomicWrite(join(this.dir, `${key}.json`), JSON.stringify({ meta: set.meta, files } satisfies Manifest<unknown>));
  }

  /** Keeps the sets of `live` keys and the files they name; removes every other set, file or older layout. */
  prune(live: ReadonlySet<string>): void {
    const kept = new Set<string>();
    for (const name of readdirSync(this.dir)) {
      if (name === 'files') continue;
      const key = MANIFEST.exec(name)?.[1];
      const manifest = key && live.has(key) ? this.manifest(name) : undefined;
      if (manifest) Object.values(manifest.files).forEach((hash) => kept.add(hash));
      else rmSync(join(this.dir, name), { recursive: true, force: true });
    }
    this.files.prune(kept);
  }

  private manifest<M>(name: string): Manifest<M> | undefined {
    try {
      return JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as Manifest<M>;
    } catch {
      return undefined;
    }
  }
}

/**
 * A set made by `make`, or read back from the sets made ahead of time (`prebuilt`), or from the
 * disk cache's when it was made before under the same key (then written there).
 */
export async function cachedFileSet<M>(cache: AssetStore | undefined, key: string, make: () => Promise<FileSet<M>>, prebuilt?: AssetStore): Promise<FileSet<M>> {
  const ready = prebuilt?.read<M>(key) ?? cache?.read<M>(key);
  if (ready) return ready;
  const made = await make();
  cache?.write(key, made);
  return made;
}
