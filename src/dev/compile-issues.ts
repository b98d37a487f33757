import { issueText } from '../content/content-error.ts';

/** One problem the overlay lists: where (file:line:column, 1-based), which field or part, what is wrong. */
export interface Issue {
  place: string;
  field: string;
  message: string;
}

/** As the build prints content errors: `file:line:column › field : message`. */
export function issueLine(issue: Issue): string {
  return issueText(issue.place, issue.field, issue.message);
}

/** esbuild's summary of a failed build names each error `file:line:column: ERROR: text`, its column 0-based. */
const ESBUILD_ERROR = /^(.+?):(\d+):(\d+): ERROR: (.*)$/;

/**
 * The errors of a failed compile, as the overlay lists content errors: from esbuild's summary
 * (thrown by a build, or printed by the launcher when it cannot make the bundle), with the
 * column made 1-based like every other place editors read. Text with no such line is one issue.
 */
export function compileIssues(text: string): Issue[] {
  const issues = text.split('\n').flatMap((line) => {
    const m = ESBUILD_ERROR.exec(line.trim());
    return m ? [{ place: `${m[1]}:${m[2]}:${Number(m[3]) + 1}`, field: 'code', message: m[4]! }] : [];
  });
  if (issues.length > 0) return issues;
  const first = text.split('\n').find((l) => l.trim()) ?? 'erreur inconnue';
  return [{ place: 'code', field: '', message: first.trim() }];
}

/** Whether an error is esbuild's failed build (it carries the list of its errors). */
export function isCompileFailure(error: unknown): error is Error & { errors: unknown[] } {
  return error instanceof Error && Array.isArray((error as { errors?: unknown }).errors);
}
