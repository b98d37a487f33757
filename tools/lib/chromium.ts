import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
