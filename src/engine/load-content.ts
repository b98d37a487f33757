import { resolve } from 'node:path';
import type { SharedContent, SiteContents } from '../site/site-content.ts';
import { BuildState } from './build-state.ts';
import { LocalExecutor } from './executors.ts';
import { assembleContent } from './phases/assemble-content.ts';
import { parseContent } from './phases/parse-content.ts';
import { readFiles } from './phases/read-files.ts';
import { currentFingerprints } from './project-root.ts';

/**
 * The engine's content phases alone (read, parse, assemble and cross-check), in this thread and
 * without a cache: the content of a folder, or every problem of its files thrown together as one
 * ContentError. For tests of the content rules, which need no page rendered.
 */
export async function loadContent(contentDir: string): Promise<SharedContent> {
  return (await loadContents(contentDir)).fr;
}

/** The same, in every language the folder has. */
export async function loadContents(contentDir: string): Promise<SiteContents> {
  const state = new BuildState(undefined);
  const executor = new LocalExecutor(null);
  const read = readFiles(resolve(contentDir), undefined, state);
  const parsed = await parseContent(read, { executor, state, fingerprints: currentFingerprints() });
  return assembleContent(read, parsed, state).contents;
}
