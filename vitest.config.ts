import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Browser and validator suites start browsers or Java: give them room, but one at a time per core.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { include: ['tests/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, 'tests/worker/**'] } },
      // The Worker in workerd (Miniflare): its own config, tests/worker/vitest.config.ts.
      'tests/worker/vitest.config.ts',
    ],
  },
});
