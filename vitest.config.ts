import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { ensureKit, KITS } from './tools/kits/ensure.mjs';
import { dropAmbient } from './tests/helpers/hermetic-env.ts';
import { LongestFirst } from './tests/setup/longest-first.ts';

// A test sees what it sets, never what the shell or the CI runner set (tests/helpers/hermetic-env.ts):
// removed here, in the main process, before any worker or command starts and inherits them.
dropAmbient(process.env);

// The Worker's runtime and the browser drivers, validators and compiler API the tests use live
// in kits out of the site's own install (tools/kits/ensure.mjs): installed here, before any test
// imports them, when missing or when their lock changed (a few seconds from npm's cache).
ensureKit(KITS.worker);
ensureKit(KITS.checks);

// Every temporary folder of the run, whoever makes it (a test, a build, a browser's profile, a
// command a test runs), is made under one folder that goes when vitest exits: a run used to
// leave about 300 in /tmp. Set here, in the main process, so that every worker and every process
// they start inherit it. Vitest reads this file again for each project: the folder is made once,
// or a browser's socket path under four nested folders passes the 107 characters Unix allows.
// Its ~14,000 files took 1.1 s to remove after the last test, which `npm test` waited for: a
// detached `rm` removes them once vitest has exited (nothing reads them any more).
if (!process.env.TEST_RUN_TMPDIR) {
  const runTemp = mkdtempSync(join(tmpdir(), 'npm-test-'));
  process.env.TEST_RUN_TMPDIR = runTemp;
  process.env.TMPDIR = runTemp;
  process.on('exit', () => spawn('rm', ['-rf', runTemp], { detached: true, stdio: 'ignore' }).unref());
}

// Three tiers, one command: `npm test` runs them all; `npx vitest --project unit` answers in seconds.
const SHARED_BUILD = ['tests/setup/shared-build.ts'];
// Limits, not waits: a test waits for a state, and these only stop one that will never come. They
// are set for a loaded machine (a CPU hog beside the suite makes a 5 s file take 20), so that a
// slow run stays green and only a hung one fails.
const LIMITS = { testTimeout: 180_000, hookTimeout: 300_000 };
// The builds these projects make in their own processes render with React's production build, as
// `npm run build` does: a render of the whole site costs 0.5 CPU-s there against 0.8 in the
// development build (its checks run over every page in the unit project).
const AS_BUILT = { NODE_ENV: 'production' };

export default defineConfig({
  // JSX compiled for React's runtime as the build compiles it, not its development variant with
  // source positions: the unit project still runs React's development build and its checks
  // (tests/content/react-warnings.test.ts).
  oxc: { jsx: { runtime: 'automatic', development: false } },
  test: {
    // expect.poll waits for a state too: its limit is 30 s, not vitest's 1 s, which a loaded
    // machine passes while a queue delivers or a browser wakes.
    expect: { poll: { timeout: 30_000 } },
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    maxWorkers: 2,
    // Each of the two processes runs its files one after another, its modules loaded once. A
    // fresh process per file made the unit project cost 44 CPU-s against 24 (imports 36 s
    // against 12), and the whole run 871 CPU-s against 803 (process accounting, acct). A file
    // leaves nothing behind that another reads: what it starts it stops, what it changes in
    // process.env or console it puts back.
    isolate: false,
    projects: [
      {
        extends: true,
        // Pure functions, the content and the import graph: no build of the site, no browser.
        test: {
          name: 'unit',
          testTimeout: 60_000,
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/content/**/*.test.ts', 'tests/standards/layers.test.ts', 'tests/standards/docs.test.ts', 'tests/standards/doc-tables.test.ts', 'tests/standards/doc-length.test.ts', 'tests/standards/process-words.test.ts', 'tests/standards/page-trace.test.ts'],
          // It builds the site once, then each malformed copy: a build test.
          exclude: ['tests/content/bad-content.test.ts'],
        },
      },
      {
        extends: true,
        // Over a built dist/ (the run's shared build, or a variation built warm from its cache), the
        // servers, the CLI, the guide; and the Worker of the lead path in workerd (Miniflare,
        // configured from wrangler.jsonc). The Worker's files had a project of their own: its
        // processes started last, for 5 s of tests on one core; here they fill the build's gaps.
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/worker/**/*.test.ts', 'tests/guide/**/*.test.ts', 'tests/content/bad-content.test.ts', 'tests/standards/html-validity.test.ts', 'tests/standards/workflow.test.ts', 'tests/standards/types.test.ts'],
          exclude: ['tests/server/oauth-worker.test.ts'],
          globalSetup: SHARED_BUILD,
          env: AS_BUILT,
          ...LIMITS,
        },
      },
      {
        extends: true,
        // Real browsers: Chromium, WebKit and Firefox.
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts', 'tests/standards/accessibility.test.ts', 'tests/server/oauth-worker.test.ts'],
          globalSetup: [...SHARED_BUILD, 'tests/setup/chromium-server.ts'],
          env: AS_BUILT,
          ...LIMITS,
        },
      },
    ],
  },
});
