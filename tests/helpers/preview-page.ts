import type { Browser, Page } from 'playwright-core';
import { type Engine, type EnginePage, waitFor } from './engines/index.ts';

/** What a patch must keep and a reload loses: a value stored on `window`, and the scroll position. */
function markPage() {
  (window as unknown as { avant: string }).avant = 'intact';
  window.scrollTo(0, 600);
}

/** A page of the live preview in Chromium, connected to its events and marked (see markPage). */
export async function openPreviewPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
  await page.goto(url);
  await page.locator('html[data-preview="connected"]').waitFor();
  await page.evaluate(markPage);
  return page;
}

/** The same in any engine. */
export async function openPreviewEnginePage(engine: Engine, url: string): Promise<EnginePage> {
  const page = await engine.newPage({ width: 1024, height: 700 });
  await page.goto(url);
  await waitFor(page, () => document.documentElement.dataset.preview, 'connected');
  await page.evaluate(markPage);
  return page;
}

/** The value stored by markPage (undefined once reloaded) and the scroll position. */
export const pageState = (page: Pick<EnginePage, 'evaluate'>) =>
  page.evaluate(() => [(window as unknown as { avant?: string }).avant, Math.round(window.scrollY)]);
