export interface PathDecision {
  path: 'content' | 'full';
  why: string;
  files: string[];
}
export const CONTENT_DIRS: string[];
export function choosePath(files: string[] | undefined): PathDecision;
export function pathSummary(decision: PathDecision): string;
export function eventRange(event: string, payload: unknown, sha: string): string | undefined;
