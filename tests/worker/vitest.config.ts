import { defineConfig } from 'vitest/config';

/**
 * The Worker's tests: each file starts the Worker in workerd (Miniflare, configured from
 * wrangler.jsonc) once, and waits for states in D1 or requests at the fake webhook, never for a
 * number of milliseconds. Seconds in all, so they run with the unit tests.
 */
export default defineConfig({
  test: {
    name: 'worker',
    include: ['tests/worker/**/*.test.ts'],
    root: new URL('../..', import.meta.url).pathname,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
