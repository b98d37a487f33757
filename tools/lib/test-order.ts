import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How long each test file took, in milliseconds, in the last full `npm run test:times`
 * (tools/test-times.ts writes it): the order of a run on a fresh clone, the CI's, which has no
 * timings of its own. Only an order: a stale figure makes a run slower, never wrong.
 */
export const FILE_TIMES = join(import.meta.dirname, '../../tests/setup/file-times.json');

export const committedTimes = (): Record<string, number> => (existsSync(FILE_TIMES) ? (JSON.parse(readFileSync(FILE_TIMES, 'utf8')) as Record<string, number>) : {});

/**
 * A file's time for the order: its last run's here, unless that run failed (a Chromium that did
 * not start failed two 35-second files in 50 ms, and the next run started them last, together),
 * then the committed one.
 */
export function fileTime(last: { duration: number; failed: boolean } | undefined, committed: number | undefined): number | undefined {
  return last && !last.failed ? last.duration : (committed ?? last?.duration);
}

/** What the order knows of a file: its project, its last time if any, its size. */
export interface FileFacts {
  project: string;
  ms?: number;
  size: number;
}

/** Project by project; within one, untimed files first (largest first), then timed ones, longest first. */
export function longestFirst<T extends FileFacts>(files: readonly T[]): T[] {
  return [...files].sort((x, y) => {
    if (x.project !== y.project) return x.project < y.project ? -1 : 1;
    if ((x.ms === undefined) !== (y.ms === undefined)) return x.ms === undefined ? -1 : 1;
    return x.ms === undefined ? y.size - x.size : y.ms! - x.ms;
  });
}
