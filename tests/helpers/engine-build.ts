import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildResult, BuildEngine, type EngineOptions } from '../../src/engine/index.ts';
import { linkTree } from './link-tree.ts';
import { BUILD_NOW } from './shared-build-types.ts';
import { shared } from './shared-site.ts';

export const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

export type Built = BuildResult & { dir?: string | undefined };

/**
 * An empty cache but for the share cards the run has drawn and its client bundle and stylesheet,
 * with the environment they were made in (else the engine empties the folder before reading it):
 * a build there parses, renders and writes everything, as a clean build does, without drawing
 * again the cards that share-cards.test.ts draws cold (a card's name is a digest of what it shows
 * and of its code), nor running esbuild again on code no test changed (an asset set's name is a
 * digest of its sources; a copy with other code misses them and bundles its own).
 */
export function coldCache(): string {
  const dir = temp('cache-');
  for (const kept of ['cards', 'assets']) {
    const from = join(shared().cacheDir, 'v3', kept);
    if (existsSync(from)) linkTree(from, join(dir, 'v3', kept));
  }
  const environment = join(shared().cacheDir, 'v3', 'environment.json');
  if (existsSync(environment)) {
    mkdirSync(join(dir, 'v3'), { recursive: true });
    copyFileSync(environment, join(dir, 'v3', 'environment.json'));
  }
  return dir;
}

/** One build by a fresh engine, as a new process would make it, from a cold cache; with `outDir`, it writes there. */
export async function build(options: Partial<EngineOptions> & { contentDir: string }): Promise<Built> {
  const engine = new BuildEngine({ now: BUILD_NOW, threads: 1, cacheDir: coldCache(), ...options });
  try {
    return { ...(await engine.build()), dir: options.outDir };
  } finally {
    await engine.close();
  }
}

/**
 * Every file the build makes, with the digest of its bytes: two builds are the same site when
 * these are equal. A file made on request (a share card the host draws) is named, not made.
 */
export const digests = (result: BuildResult) => Object.fromEntries([...result.outputs].filter(([, o]) => !o.onRequest).map(([path, o]) => [path, o.hash]));

/** A file of the build: in memory, or in the folder the build wrote. */
export const bytesOf = (result: Built, path: string) => {
  const output = result.outputs.get(path)!;
  return new TextDecoder().decode(output.bytes ?? readFileSync(join(result.dir!, path)));
};
