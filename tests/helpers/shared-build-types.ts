/** One build of the shared run: its warm cache, its content and the dist/ it wrote. */
export interface SharedVariant {
  cacheDir: string;
  contentDir: string;
  dir: string;
}

/** What the global setup built (tests/setup/shared-build.ts), for every test file of the run. */
export interface SharedBuild {
  root: string;
  /** The real content. */
  site: SharedVariant;
  /** The real content with the test photos (tools/lib/photo-content.ts): every photo slot filled. */
  photos: SharedVariant;
}

/** The date every shared build renders with: a later build of the same variant then renders nothing again. */
export const BUILD_NOW = new Date('2026-11-23T12:00:00Z');
