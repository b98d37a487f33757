import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { atomicWrite } from './atomic-write.ts';
import type { DiskCache } from './cache.ts';
import { digest } from '../digest.ts';
import type { FileSet } from '../file-set.ts';
import type { Fingerprints } from '../project-root.ts';

/**
 * A set of build files (the client bundle, the stylesheet) made by `make`, or read back from the
 * sets made ahead of time under their keys (`prebuilt`), or from the disk cache when it was made
 * before under the same key. Each file's digest is kept beside it and checked on reading: a
 * damaged file makes the whole set a miss.
 */
export async function cachedFileSet<M>(cache: DiskCache | undefined, key: string, make: () => Promise<FileSet<M>>, prebuilt?: string): Promise<FileSet<M>> {
  const ready = prebuilt ? readSet<M>(join(prebuilt, key)) : undefined;
  if (ready) return ready;
  const dir = cache?.assetsDir(key);
  if (dir) {
    const stored = readSet<M>(dir);
    if (stored) return stored;
  }
  const made = await make();
  if (dir) writeSet(dir, made);
  return made;
}

/** The keys of the client bundle and of the stylesheet: the code that makes them, and the sheet's text. */
export const assetKeys = (fp: Fingerprints, styleSource: string) => ({ client: `client-${fp.assets}`, css: `css-${digest(fp.assets, styleSource)}` });

interface Manifest<M> {
  meta: M;
  files: Record<string, string>;
}

function readSet<M>(dir: string): FileSet<M> | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest<M>;
    const files = new Map<string, Uint8Array>();
    for (const [path, hash] of Object.entries(manifest.files)) {
      const bytes = readFileSync(join(dir, 'files', path));
      if (digest(bytes) !== hash) return undefined;
      files.set(path, bytes);
    }
    return { files, meta: manifest.meta };
  } catch {
    return undefined;
  }
}

export function writeSet<M>(dir: string, set: FileSet<M>): void {
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  const files: Record<string, string> = {};
  for (const [path, bytes] of set.files) {
    const file = join(dir, 'files', path);
    mkdirSync(dirname(file), { recursive: true });
    atomicWrite(file, bytes);
    files[path] = digest(bytes);
  }
  // Written last: a set whose manifest exists is whole.
  atomicWrite(join(dir, 'manifest.json'), JSON.stringify({ meta: set.meta, files } satisfies Manifest<M>));
}
