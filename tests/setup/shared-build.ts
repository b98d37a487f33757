import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { linkTree } from '../helpers/link-tree.ts';
import { BUILD_NOW, type SharedBuild } from '../helpers/shared-build-types.ts';
import { SITE, SITE_DIR } from '../helpers/fixture-site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedBuild: SharedBuild;
  }
}

/**
 * The fixture site (tests/helpers/fixture-site.ts), built once per run with its cache, and the same content with the test photos
 * in every slot: every build and browser test reads these, and a test that needs a variation
 * (another webhook, an edited file) builds only that variation from a copy of the warm cache.
 * The cache folder outlives the run (`.cache/tests`), so a second `npm test` draws no card and
 * encodes no photo, as a restored CI cache does.
 */
async function buildShared(): Promise<SharedBuild> {
  // The CLI bundle, made current once before the tests that run the CLI start side by side, each
  // of which would otherwise make its own; copies of the project take it along.
  await (await import('../../bin/cli-bundle.mjs')).ensureCli();
  // Imported here, not at the top: each project that runs this setup loads this file again in a
  // module runner of its own, and loading the engine a second time, for a build already made,
  // took 1.6 s at the start of the run, when nothing else can run.
  const [{ adminFor }, { buildToTemp }, { contentWithPhotos }] = await Promise.all([
    import('../../src/cli/admin-build.ts'),
    import('../../tools/lib/built-site.ts'),
    import('../../tools/lib/photo-content.ts'),
  ]);
  const root = mkdtempSync(join(tmpdir(), 'tests-run-'));
  const persistent = join(import.meta.dirname, '../../.cache/tests');
  mkdirSync(persistent, { recursive: true });
  const siteCache = join(persistent, 'site');
  // The editor's bundle beside it: every web-editor test, and the copies that link this cache, take it from there.
  const [site] = await Promise.all([buildToTemp({ contentDir: SITE, cacheDir: siteCache, now: BUILD_NOW, outDir: join(root, 'site/dist') }), adminFor(SITE, siteCache)]);
  // The photo build keeps its own cache (its encoded photos) and takes what it lacks from the
  // site's: the cards and pages of every page without a photo.
  const photosCache = join(persistent, 'photos');
  linkTree(siteCache, photosCache);
  // At the same place every run: the cache keys parsed content by the file names its messages
  // show, so a new temporary folder had every file parsed and every page rendered again (1.3 s).
  const photoContent = contentWithPhotos(join(persistent, 'photo-content'), SITE_DIR).dir;
  const photos = await buildToTemp({ contentDir: photoContent, cacheDir: photosCache, now: BUILD_NOW, outDir: join(root, 'photos/dist') });
  return {
    root,
    site: { cacheDir: siteCache, contentDir: SITE, dir: site.dir },
    photos: { cacheDir: photosCache, contentDir: photoContent, dir: photos.dir },
  };
}

// The build and browser projects each run this setup in the one main process: the first builds, the second waits for it.
const shared = globalThis as typeof globalThis & { __sharedBuild?: Promise<SharedBuild> };

export default async function setup(project: TestProject) {
  shared.__sharedBuild ??= buildShared();
  project.provide('sharedBuild', await shared.__sharedBuild);
}
