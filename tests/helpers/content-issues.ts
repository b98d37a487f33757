import { rmSync } from 'node:fs';
import { ContentError } from '../../src/content/content-error.ts';
import { loadContents } from '../../src/engine/index.ts';
import type { RuleDiagnostic } from '../../src/shared/diagnostic.ts';
import { buildRoutes } from '../../src/site/routes.ts';
import { copySite } from './fixture-site.ts';

/** The problems of a broken copy of the content (routes included), failing if it loads. */
export async function issuesAfter(change: (copy: ReturnType<typeof copySite>) => void): Promise<RuleDiagnostic[]> {
  const copy = copySite();
  change(copy);
  try {
    buildRoutes(await loadContents(copy.dir));
  } catch (error) {
    if (error instanceof ContentError) return error.issues;
    throw error;
  } finally {
    rmSync(copy.dir, { recursive: true, force: true });
  }
  throw new Error('the broken content was accepted');
}
