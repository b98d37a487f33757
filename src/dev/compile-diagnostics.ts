import type { RuleDiagnostic } from '../shared/diagnostic.ts';

/** esbuild's summary of a failed build names each error `file:line:column: ERROR: text`, its column 0-based. */
const ESBUILD_ERROR = /^(.+?):(\d+):(\d+): ERROR: (.*)$/;

/**
 * The errors of a failed compile, as the overlay lists content errors: from esbuild's summary
 * (thrown by a build, or printed by the launcher when it cannot make the bundle), with the
 * column made 1-based like every other place editors read. Text with no such line is one
 * diagnostic, on the code as a whole.
 */
export function compileDiagnostics(text: string): RuleDiagnostic[] {
  const found = text.split('\n').flatMap((line): RuleDiagnostic[] => {
    const m = ESBUILD_ERROR.exec(line.trim());
    return m ? [{ kind: 'code', file: m[1]!, line: Number(m[2]), column: Number(m[3]) + 1, field: 'code', message: m[4]! }] : [];
  });
  if (found.length > 0) return found;
  const first = text.split('\n').find((l) => l.trim()) ?? 'erreur inconnue';
  return [{ kind: 'code', message: first.trim() }];
}

/** Whether an error is esbuild's failed build (it carries the list of its errors). */
export function isCompileFailure(error: unknown): error is Error & { errors: unknown[] } {
  return error instanceof Error && Array.isArray((error as { errors?: unknown }).errors);
}
