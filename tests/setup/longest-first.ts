import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { committedTimes, fileTime, longestFirst } from '../../tools/lib/test-order.ts';

/**
 * The order of a run: project after project (vitest keeps each project's processes), and within
 * a project the longest files first, timed by vitest's last run here unless it failed, else by
 * FILE_TIMES (fileTime); a file neither knows (a new one) goes first, largest first. Vitest's
 * own sort mixes durations and file sizes in one comparison, which is not an order: a 13-second
 * file could start last, alone on one core while the other waited (the guide's, at 247 s of a
 * 269-second run); and on a fresh clone it knows sizes only (264.6 s against 252.9 s in the
 * longest-first order).
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const committed = committedTimes();
    const facts = files.map((spec) => {
      const path = relative(root, spec.moduleId);
      const key = `${spec.project.name}:${path}`;
      return { spec, project: spec.project.name, ms: fileTime(this.ctx.cache.getFileTestResults(key), committed[path]), size: this.ctx.cache.getFileStats(key)?.size ?? 0 };
    });
    return longestFirst(facts).map((f) => f.spec);
  }
}
