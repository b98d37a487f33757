import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createSiteServer } from '../../src/server/static-server.ts';
import { close, listen } from './server.ts';

export interface PhotoDownload {
  /** The files of /photos/ the page fetched on load, with their sizes. */
  files: { url: string; bytes: number }[];
  total: number;
}

/**
 * What a phone really downloads of a page's photos on load, as Chromium chooses among the
 * srcset candidates for its width and pixel density (lazy photos below the fold not fetched).
 */
export async function photoDownload(browser: Browser, dist: string, path: string, viewport: { width: number; height: number }, dpr: number): Promise<PhotoDownload> {
  const server = createSiteServer({ root: dist, leadsFile: join(dist, '..', 'leads.jsonl'), log: () => {} });
  const base = await listen(server);
  const context = await browser.newContext({ viewport, deviceScaleFactor: dpr, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const files: { url: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (!new URL(response.url()).pathname.startsWith('/photos/')) return;
      files.push({ url: new URL(response.url()).pathname, bytes: (await response.body()).length });
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    return { files, total: files.reduce((n, f) => n + f.bytes, 0) };
  } finally {
    await context.close();
    await close(server);
  }
}
