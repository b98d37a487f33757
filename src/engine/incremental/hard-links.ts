import { copyFileSync, linkSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileStamp } from '../file-stamp.ts';

/** A file to make: a hard link at `to` to the file `from`. */
export type LinkJob = [from: string, to: string];

/**
 * Makes each file, its folder first, as a hard link or else (another volume, no hard links) a
 * copy; returns each file's stamp (file-stamp.ts), which dist/'s manifest records
 * (dist-writer.ts): none for a file last written within RACY_MS of its link. `folders` holds the
 * folders made so far.
 */
export function makeLinks(jobs: readonly LinkJob[], folders: Set<string>): (string | undefined)[] {
  return jobs.map(([from, to]) => {
    const folder = dirname(to);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
    return fileStamp(to, 'portable', Date.now());
  });
}
