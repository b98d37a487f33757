import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Chromium's headless shell (Debian's chromium-headless-shell): the same Blink and V8, of the same
 * version, without the full browser around them; Playwright runs its own headless tests on it.
 * A fresh context loading /contact costs it 0.76 CPU-s against 2.2 for the full browser (20
 * each, whole machine), so the test suite's pages use it. What only the full browser does stays
 * on CHROME_PATH: prerendering (speculation.test.ts) and Lighthouse (npm run audit).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROME_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Flags without which Chromium hangs on a closed network (it keeps trying Google's services).
 * Playwright adds --headless and a fresh, temporary --user-data-dir of its own on every launch.
 */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function assertChromium(): void {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium introuvable à ${CHROME_PATH} : installez-le (apt-get install chromium) ou donnez son chemin dans CHROME_PATH.`);
  }
}

/** Real headless Chromium (Debian's package), driven by playwright-core. */
export function launchChromium(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
}

/**
 * The same Chromium driven by puppeteer-core, for what Playwright cannot show: a prerendered page.
 * Chromium refuses to prerender for a tab whose page target has a DevTools session of its own
 * (PrerenderingDisabledByDevTools), which is how Playwright holds every page; puppeteer attaches
 * through the tab target. Open no CDP session on its pages either, or prerendering stops again.
 */
export async function launchChromiumForPrerender(): Promise<import('puppeteer-core').Browser> {
  assertChromium();
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
}
