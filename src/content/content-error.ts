import { existsSync, readFileSync } from 'node:fs';
import { contentReport, type RuleDiagnostic } from '../shared/diagnostic.ts';
import { locate, parseFieldPath } from './positions.ts';

/** Every problem of the content, each in its file, phrased for the editor who must fix it. */
export class ContentError extends Error {
  readonly issues: RuleDiagnostic[];
  constructor(issues: RuleDiagnostic[]) {
    const placed = issues.map(placeIssue);
    super(contentReport(placed));
    this.name = 'ContentError';
    this.issues = placed;
  }
}

/**
 * Rules that span files (a duplicate slug, a dangling service) are found far from the file's
 * text: such an issue gets its line here, from the file, which is read again only then.
 */
function placeIssue(issue: RuleDiagnostic): RuleDiagnostic {
  if (issue.line !== undefined || !issue.field || !issue.file || !existsSync(issue.file)) return issue;
  const at = locate(readFileSync(issue.file, 'utf8')).field(parseFieldPath(issue.field));
  return at ? { ...issue, line: at.line, column: at.column } : issue;
}
