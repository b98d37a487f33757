import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, serveAxe } from '../../tools/lib/axe.ts';
import { onePerTemplate } from '../helpers/one-per-template.ts';
import { eachInTabs } from '../helpers/tabs.ts';
import { hydrateIslands, startBrowserSite } from '../../tools/lib/browser-site.ts';
import { warm } from '../helpers/shared-site.ts';
import { testChromium } from '../helpers/chromium.ts';

let env: Awaited<ReturnType<typeof startBrowserSite>>;

// The real content plus a hero photo (home, Hull, pruning) and a photo in Hull's text: every slot, with and without a photo.
beforeAll(async () => {
  env = await startBrowserSite(warm('photos'), testChromium);
  serveAxe(env.site.dir);
});
afterAll(() => env.close());

describe('axe-core (WCAG 2.2 AA + best practices)', () => {
  // Phone width is scanned on every page, islands asleep and awake, by csp.test.ts's sweep (at
  // 360 px, the narrowest). The desktop layout differs by template: a page of each here.
  it('finds no violation on a page of each template at 1366×900 (desktop), islands hydrated', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const found: string[] = [];
    await eachInTabs(context, onePerTemplate(env.site.routes), 2, async (page, path) => {
      await page.goto(`${env.base}${path}`);
      await hydrateIslands(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const v of await axeViolations(page)) found.push(`${path} ${v}`);
    });
    await context.close();
    expect(found.sort()).toEqual([]);
  }, 480_000);

  it('opens the mobile menu and an FAQ answer and still finds no violation', async () => {
    const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${env.base}/services/dessouchage`);
    await hydrateIslands(page);
    const toggle = page.locator('.mobile-menu summary.menu-toggle');
    await toggle.click();
    // The open panel covers the page below it, as menus do: check the header it belongs to.
    expect(await axeViolations(page, '.site-header')).toEqual([]);
    await toggle.click();
    await page.locator('.faq summary').first().click();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('does catch a violation (the gate can fail)', async () => {
    const page = await env.browser.newPage();
    await page.setContent('<!DOCTYPE html><html lang="fr"><head><title>x</title></head><body><main><img src="a.png"><input type="text"><p style="color:#bbb;background:#fff">pâle</p></main></body></html>');
    const ids = (await axeViolations(page)).map((v) => v.split(':')[0]);
    expect(ids).toEqual(expect.arrayContaining(['image-alt', 'label', 'color-contrast']));
    await page.close();
  });
});
