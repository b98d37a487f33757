import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildResult, BuildEngine, type EngineOptions } from './engine.ts';

export { BrokenLinksError } from './engine.ts';

export type BuildOptions = EngineOptions;

export interface BuiltSite extends Omit<BuildResult, 'outputs'> {
  /** Every output file, keyed by its path under dist/; text files as strings. */
  files: Map<string, string | Uint8Array>;
}

const TEXT = /\.(html|xml|txt|css|webmanifest)$/;

/**
 * content/ → every file of dist/, in this thread: the plain form of the engine that tests and
 * tools read from. With `outDir`, the engine writes the site there as `npm run build` does, and
 * the files are what it wrote, read back; without, they stay in memory. Files made on request
 * (share cards) are not among them. No disk cache unless
 * `cacheDir` names one (the tests' warm copy of their run's cache).
 */
export async function buildSite(options: BuildOptions): Promise<BuiltSite> {
  const engine = new BuildEngine({ threads: 1, cacheDir: null, ...options });
  try {
    const { outputs, ...rest } = await engine.build();
    const decoder = new TextDecoder();
    const files = new Map<string, string | Uint8Array>();
    for (const [path, output] of outputs) {
      if (output.onRequest) continue;
      const bytes = options.outDir ? readFileSync(join(options.outDir, path)) : output.bytes!;
      files.set(path, TEXT.test(path) ? decoder.decode(bytes) : bytes);
    }
    return { ...rest, files };
  } finally {
    await engine.close();
  }
}
