import { readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

/**
 * Where a server's files come from: a built dist/ on disk (`npm start`, `npm run serve`), or a
 * build kept in memory (the live preview). `stamp` changes whenever a file does, so what is read
 * from files (`_headers`, the form's options) is read again only then.
 */
export interface SiteFiles {
  /** A token that changes with the file; undefined when there is no such file. */
  stamp(file: string): string | undefined;
  read(file: string): Uint8Array;
}

export function diskFiles(root: string): SiteFiles {
  const base = resolve(root);
  const inside = (file: string) => {
    const path = join(base, file);
    return path.startsWith(base + sep) ? path : undefined;
  };
  return {
    stamp(file) {
      const path = inside(file);
      if (!path) return undefined;
      try {
        const stat = statSync(path);
        return stat.isFile() ? `${stat.mtimeMs}-${stat.size}-${stat.ino}` : undefined;
      } catch {
        return undefined;
      }
    },
    read: (file) => readFileSync(inside(file)!),
  };
}

/** `find` is asked on each request: the preview swaps in a new site after each rebuild. */
export function memoryFiles(find: (file: string) => { hash: string; bytes?: Uint8Array } | undefined): SiteFiles {
  return {
    stamp: (file) => {
      const output = find(file);
      return output?.bytes ? output.hash : undefined;
    },
    read: (file) => find(file)!.bytes!,
  };
}

/** A value computed from one file, again only when that file changed. */
export function fromFile<T>(files: SiteFiles, file: string, compute: (bytes: Uint8Array) => T): () => T | undefined {
  let seen: { stamp: string; value: T } | undefined;
  return () => {
    const stamp = files.stamp(file);
    if (stamp === undefined) return undefined;
    if (seen?.stamp !== stamp) seen = { stamp, value: compute(files.read(file)) };
    return seen.value;
  };
}
