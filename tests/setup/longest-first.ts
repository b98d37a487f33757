import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of a run: project after project (vitest keeps each project's processes), and within
 * a project the files the last run timed, longest first, after the files it has no time for
 * (new ones, or every file on a fresh clone), largest first. Vitest's own sort mixes the two
 * keys in one comparison, which is not an order: a 13-second file could start last, alone on one
 * core while the other waited (the guide's, at 247 s of a 269-second run).
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      const timed = this.ctx.cache.getFileTestResults(key);
      return { project: spec.project.name, timed: timed !== undefined, weight: timed?.duration ?? this.ctx.cache.getFileStats(key)?.size ?? 0 };
    };
    const ranks = new Map(files.map((spec) => [spec, rank(spec)]));
    return [...files].sort((a, b) => {
      const [x, y] = [ranks.get(a)!, ranks.get(b)!];
      if (x.project !== y.project) return x.project < y.project ? -1 : 1;
      if (x.timed !== y.timed) return x.timed ? 1 : -1;
      return y.weight - x.weight;
    });
  }
}
