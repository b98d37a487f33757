import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildResult, BuildEngine, type EngineOptions } from '../../src/engine/engine.ts';

export const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
const NOW = new Date('2026-11-23T12:00:00Z');

export type Built = BuildResult & { dir?: string | undefined };

/** One build by a fresh engine, as a new process would make it; with `outDir`, it writes there. */
export async function build(options: Partial<EngineOptions> & { contentDir: string }): Promise<Built> {
  const engine = new BuildEngine({ now: NOW, threads: 1, cacheDir: null, ...options });
  try {
    return { ...(await engine.build()), dir: options.outDir };
  } finally {
    await engine.close();
  }
}

/** Every output path with the digest of its bytes: two builds are the same site when these are equal. */
export const digests = (result: BuildResult) => Object.fromEntries([...result.outputs].map(([path, o]) => [path, o.hash]));

/** A file of the build: in memory, or in the folder the build wrote. */
export const bytesOf = (result: Built, path: string) => {
  const output = result.outputs.get(path)!;
  return new TextDecoder().decode(output.bytes ?? readFileSync(join(result.dir!, path)));
};
