import { defineConfig } from 'vitest/config';

// Three tiers, one command: `npm test` runs them all; `npx vitest --project unit` answers in seconds.
const SHARED_BUILD = ['tests/setup/shared-build.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Pure functions, the content and the import graph: no build of the site, no browser.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/content/**/*.test.ts', 'tests/standards/layers.test.ts'],
          // It builds the site once, then each malformed copy: a build test.
          exclude: ['tests/content/bad-content.test.ts'],
        },
      },
      {
        extends: true,
        // The Worker of the lead path in workerd (Miniflare, configured from wrangler.jsonc): seconds in all.
        test: { name: 'worker', include: ['tests/worker/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        // Over a built dist/ (the run's shared build, or a variation built warm from its cache), the servers, the CLI, the guide.
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/guide/**/*.test.ts', 'tests/content/bad-content.test.ts', 'tests/standards/html-validity.test.ts', 'tests/standards/workflow.test.ts'],
          exclude: ['tests/server/oauth-worker.test.ts'],
          globalSetup: SHARED_BUILD,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // Real browsers: Chromium, WebKit and Firefox.
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts', 'tests/standards/accessibility.test.ts', 'tests/server/oauth-worker.test.ts'],
          globalSetup: SHARED_BUILD,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
