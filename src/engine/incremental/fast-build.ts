import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SharedContent, SiteContents } from '../../site/site-content.ts';
import type { BuildResult, BuiltSite, EngineOptions, SiteOptions } from './build-types.ts';
import { BuildEngine } from './engine.ts';

export type FastBuiltSite = BuiltSite & Pick<BuildResult, 'stats' | 'timings' | 'renderReasons'>;

/**
 * One build, then the engine closed: for tests and tools, from a cache (`cacheDir`) or into a
 * dist/ (`outDir`, the files then read back from there), as `npm run build` does.
 */
export async function fastBuild(options: EngineOptions): Promise<FastBuiltSite> {
  const engine = new BuildEngine({ threads: 1, cacheDir: null, ...options });
  try {
    const { outputs, ...rest } = await engine.build();
    const made = [...outputs].filter(([, output]) => !output.onRequest);
    return { ...rest, files: siteFiles(made.map(([path, output]) => [path, options.outDir ? readFileSync(join(options.outDir, path)) : output.bytes!])) };
  } finally {
    await engine.close();
  }
}

/**
 * The reference the tests compare every other build with: the same engine cold, on this thread
 * only, with no cache and no dist/, so each piece of work is done from its inputs.
 */
export function buildSite(options: SiteOptions): Promise<FastBuiltSite> {
  return fastBuild({ ...options, threads: 1, cacheDir: null });
}

/** The content of a folder in every language it has, or every problem of its files thrown together (for the content rules' tests and tools, which need no page). */
export async function loadContents(contentDir: string): Promise<SiteContents> {
  const engine = new BuildEngine({ contentDir, threads: 1, cacheDir: null });
  try {
    return (await engine.contentStage()).contents;
  } finally {
    await engine.close();
  }
}

/** The same, French only. */
export async function loadContent(contentDir: string): Promise<SharedContent> {
  return (await loadContents(contentDir)).fr;
}

const TEXT = /\.(html|xml|txt|css)$/;

/** The files of a site as tests and tools read them: text files as strings. */
function siteFiles(files: Iterable<[string, Uint8Array]>): Map<string, string | Uint8Array> {
  const decoder = new TextDecoder();
  return new Map([...files].map(([path, bytes]) => [path, TEXT.test(path) ? decoder.decode(bytes) : bytes]));
}
