import type { Browser, Page } from 'playwright-core';

/**
 * A page of the live preview, connected to its events, with a value stored on `window` and the
 * page scrolled: what a patch must keep and a reload loses.
 */
export async function openPreviewPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
  await page.goto(url);
  await page.locator('html[data-preview="connected"]').waitFor();
  await page.evaluate(() => {
    (window as unknown as { avant: string }).avant = 'intact';
    window.scrollTo(0, 600);
  });
  return page;
}

/** The value stored by openPreviewPage (undefined once reloaded) and the scroll position. */
export const pageState = (page: Page) => page.evaluate(() => [(window as unknown as { avant?: string }).avant, Math.round(window.scrollY)]);
