import { copyFileSync, linkSync, lstatSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** A file to make: a hard link at `to` to the file `from`. */
export type LinkJob = [from: string, to: string];

/**
 * Makes each file, its folder first, as a hard link or else (another volume, no hard links) a
 * copy; returns each file's size, modification time and inode, three numbers a file, which are
 * what dist/'s manifest records (dist-writer.ts). `folders` holds the folders made so far.
 */
export function makeLinks(jobs: readonly LinkJob[], folders: Set<string>): Float64Array {
  const stats = new Float64Array(jobs.length * 3);
  jobs.forEach(([from, to], i) => {
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
    const { size, mtimeMs, ino } = lstatSync(to);
    stats.set([size, mtimeMs, ino], i * 3);
  });
  return stats;
}
