import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { EngineOptions } from '../../src/engine/index.ts';
import { buildToTemp } from '../../tools/lib/built-site.ts';
import { linkTree } from './link-tree.ts';
import { BUILD_NOW, type SharedVariant } from './shared-build-types.ts';

export type Variant = 'site' | 'photos';

/** The global setup's build of `variant` (tests/setup/shared-build.ts). */
export const shared = (variant: Variant = 'site'): SharedVariant => inject('sharedBuild')[variant];

/** A private copy of the run's warm cache for `variant`: a build there reuses every page, card and photo it can. */
export function warmCache(variant: Variant = 'site'): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'cache-')), 'cache');
  linkTree(shared(variant).cacheDir, dir);
  return dir;
}

/** The options that make a build of `variant` warm from the run's cache: what the browser helpers take. */
export const warm = (variant: Variant = 'site') => ({ contentDir: shared(variant).contentDir, cacheDir: warmCache(variant), now: BUILD_NOW });

/**
 * The shared site as a test reads it, written to its own dist/: with no other option it renders
 * nothing (every page comes from the cache); another webhook renders the pages again but parses,
 * draws and encodes nothing.
 */
export const sharedSite = (options: Partial<EngineOptions> & { variant?: Variant } = {}) => {
  const { variant, ...rest } = options;
  return buildToTemp({ ...warm(variant), ...rest });
};
