import { ContentError } from '../content/content-error.ts';
import type { Diagnostic } from '../shared/diagnostic.ts';
import { BrokenLinksError, LaunchChecklistError } from './build-errors.ts';

/**
 * The problems a build failed on that an editor fixes in the content: its invalid fields and the
 * links it wrote to nothing. Undefined for any other failure, which is the code's (or a bug) and
 * reported as such. The one translation from a failed build to diagnostics: `npm run build` and
 * the live preview each format them for their outputs.
 */
export function diagnosticsOf(error: unknown): Diagnostic[] | undefined {
  if (error instanceof ContentError) return error.issues;
  if (error instanceof BrokenLinksError) return error.broken;
  if (error instanceof LaunchChecklistError) return error.diagnostics;
  return undefined;
}
