import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildResult, BuildEngine, type EngineOptions } from './engine.ts';
import { type BuiltSite, siteFiles } from '../pipeline/build-site.ts';

export type FastBuiltSite = BuiltSite & Pick<BuildResult, 'stats' | 'timings' | 'renderReasons'>;

/**
 * One build with the fast engine, then the engine closed: for tests and tools that build warm
 * from a cache (`cacheDir`) or write a dist/ (`outDir`, the files then read back from there), as
 * `npm run build` does. The reference, with no cache, is buildSite (src/engine/pipeline/build-site.ts).
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
