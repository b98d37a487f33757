import { type BigIntStats, statSync } from 'node:fs';

/**
 * File times advance by clock ticks of a few milliseconds: a second write of the same size within
 * the tick of the first leaves the same stamp (git's « racy » files). A stamp vouches for a file's
 * bytes only when they were read at least this long after its last change.
 */
export const RACY_MS = 2000;

/**
 * What the build's checks of "has this file changed since?" compare, all through here: content
 * files, photos, dist/ and the page store. `in-place` is the size, the modification and change
 * times to the nanosecond, and the inode: an edit that puts the old times back, or a file renamed
 * over another, still shows. `portable` is the size and the modification time alone, what a file
 * keeps when the cache is restored on another machine (actions/cache's tar keeps nanosecond
 * times, not inodes) or when a hard link to it is made or removed (which moves the change time):
 * the page store's pages and dist/'s files are such links to one another.
 */
export type StampScope = 'in-place' | 'portable';

/**
 * The stamp of a file's stat. With `readAt` (when its bytes were, or are about to be, read), none
 * for a file whose last change is within RACY_MS of it: such a file is read and hashed again next time.
 */
export function stampOf(stat: BigIntStats, scope: StampScope, readAt?: number): string | undefined {
  const lastChangeNs = scope === 'in-place' && stat.ctimeNs > stat.mtimeNs ? stat.ctimeNs : stat.mtimeNs;
  if (readAt !== undefined && Number(lastChangeNs / 1_000_000n) + RACY_MS > readAt) return undefined;
  return scope === 'in-place' ? `${stat.size} ${stat.mtimeNs} ${stat.ctimeNs} ${stat.ino}` : `${stat.size} ${stat.mtimeNs}`;
}

/** The stamp of the file at `path`, or undefined if there is none or it is too recent for `readAt`. */
export function fileStamp(path: string, scope: StampScope, readAt?: number): string | undefined {
  const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stat && stampOf(stat, scope, readAt);
}
