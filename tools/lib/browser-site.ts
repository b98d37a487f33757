import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import type { EngineOptions } from '../../src/engine/index.ts';
import { createSiteServer } from '../../src/server/static-server.ts';
import { launchChromium } from './chromium.ts';
import { buildToTemp } from './built-site.ts';
import { startCaptureServer } from './capture-server.ts';
import { close, listen } from './server.ts';

/**
 * The built site served on loopback, with a capture server as its webhook (another origin, as in
 * production): what every browser suite opens, whichever engine it drives.
 */
export async function startSite(options: Partial<EngineOptions> = {}) {
  const capture = await startCaptureServer();
  const site = await buildToTemp({ ...options, quoteWebhook: capture.url });
  const leadsFile = join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads.jsonl');
  const server: Server = createSiteServer({ root: site.dir, leadsFile, log: () => {} });
  const base = await listen(server);
  return {
    base,
    site,
    capture,
    async close() {
      await close(server);
      await capture.close();
    },
  };
}

/** The site as `npm start` serves it: the form posts to the server's own /api/quote, which appends each lead to a file. */
export async function startSelfReceivingSite(options: Partial<EngineOptions> = {}) {
  const site = await buildToTemp({ ...options, quoteWebhook: '/api/quote' });
  const leadsFile = join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads.jsonl');
  const server: Server = createSiteServer({ root: site.dir, leadsFile, log: () => {} });
  const base = await listen(server);
  return { base, leadsFile, close: () => close(server) };
}

/**
 * The same, and a real headless Chromium; `contentDir` for another content than the real one
 * (tools/lib/photo-content.ts), `cacheDir` for a warm build (the tests' copy of their run's cache).
 * `chromium` gives another browser than a new one (the tests connect to their run's); the site's
 * `close()` closes what it gave.
 */
export async function startBrowserSite(options: Partial<EngineOptions> = {}, chromium: () => Promise<Browser> = launchChromium) {
  const served = await startSite(options);
  const browser = await chromium();
  return {
    ...served,
    browser,
    async close() {
      await browser.close();
      await served.close();
    },
  };
}

/** Collects console errors, warnings and page errors, which must stay empty. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Wakes every island of the page the way a visitor does (pointer over it; the form also as it
 * nears the screen) and waits until each one is interactive: the menu and the FAQ mark their root
 * `data-hydrated`, the form `data-ready`.
 */
export async function hydrateIslands(page: Page): Promise<void> {
  for (const island of await page.locator('[data-island]').all()) await island.dispatchEvent('pointerover');
  for (const name of ['mobile-menu', 'faq']) {
    if (await page.locator(`[data-island="${name}"]`).count()) await page.locator(`[data-island="${name}"] > [data-hydrated]`).waitFor({ state: 'attached', timeout: 30_000 });
  }
  if (await page.locator('form.quote-form').count()) {
    await page.locator('form.quote-form').scrollIntoViewIfNeeded();
    await page.locator('form.quote-form[data-ready="true"]').waitFor({ timeout: 30_000 });
  }
}
