import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_DIR, type EnvironmentFiles, engineKeys, type Fingerprints } from './fingerprint.mjs';

/** Set by the CLI bundle (bin/cli-bundle.mjs); undefined when the sources run as they are. */
declare const __BUNDLED__: boolean | undefined;
declare const __FINGERPRINTS__: Fingerprints | undefined;
declare const __ENVIRONMENT__: EnvironmentFiles | undefined;

export const BUNDLED = typeof __BUNDLED__ !== 'undefined';

/** The project's folder: two levels above src/engine/, one above the bundle's flat .cli/. */
export const PROJECT_ROOT = fileURLToPath(new URL(BUNDLED ? '..' : '../..', import.meta.url));

/**
 * The client bundle and the stylesheet made with the CLI bundle, from the same sources
 * (bin/cli-bundle.mjs), each in a folder named by its cache key: a build of content alone
 * then never runs esbuild. Running from the sources, the same folder of the project's CLI bundle
 * (`.cli/assets`, made by `npm start`, `npm run build` and the tests' global setup) when there is
 * one: a set's key is the digest of the code it was made from, so a set made from other code is
 * never read, and esbuild runs only for sources the CLI bundle was not made from.
 */
export const PREBUILT_ASSETS = BUNDLED ? fileURLToPath(new URL('assets', import.meta.url)) : join(PROJECT_ROOT, CLI_DIR, 'assets');

let fromSources: ReturnType<typeof engineKeys> | undefined;

/**
 * Hashes of the code each cached result depends on, fixed when the bundle was made; running from
 * the sources, read once per process (the code cannot change under a running process).
 */
export function currentFingerprints(): Fingerprints {
  if (typeof __FINGERPRINTS__ !== 'undefined') return __FINGERPRINTS__;
  fromSources ??= engineKeys(PROJECT_ROOT);
  return fromSources.fingerprints;
}

/** The files of the environment the cache is made in (incremental/environment.ts), fixed as the fingerprints are. */
export function currentEnvironmentFiles(): EnvironmentFiles {
  if (typeof __ENVIRONMENT__ !== 'undefined') return __ENVIRONMENT__;
  fromSources ??= engineKeys(PROJECT_ROOT);
  return fromSources.environment;
}

export type { EnvironmentFiles, Fingerprints };
