import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { existsSync } from 'node:fs';
import { assertChromium, CHROME_FLAGS, CHROME_PATH, HEADLESS_SHELL_PATH } from '../../tools/lib/chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

/**
 * One Chromium (its headless shell: tools/lib/chromium.ts) for the browser project's run, as Playwright Test keeps one per worker: a launch
 * costs 1.5 to 3 CPU-s and fifteen files launched their own. Each file connects to it
 * (tests/helpers/chromium.ts) and works in contexts of its own, which share nothing; closing the
 * connection closes them. The browser stops when the run does.
 */
export default async function setup(project: TestProject) {
  assertChromium();
  const shell = existsSync(HEADLESS_SHELL_PATH);
  // The same engine either way; without the shell (apt-get install chromium-headless-shell) the run takes longer.
  if (!shell) console.warn(`${HEADLESS_SHELL_PATH} absent : les pages des tests s’ouvrent dans Chromium complet, plus lent.`);
  const server = await chromium.launchServer({ executablePath: shell ? HEADLESS_SHELL_PATH : CHROME_PATH, headless: true, args: CHROME_FLAGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
