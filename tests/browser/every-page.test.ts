import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrateIslands, startBrowserSite, watchConsole } from '../../tools/lib/browser-site.ts';
import { warm } from '../helpers/shared-site.ts';
import { eachInTabs } from '../helpers/tabs.ts';

let env: Awaited<ReturnType<typeof startBrowserSite>>;

/** Visible text holding the business phone number outside a tap-to-call link (spec §1: always a link). */
function phoneNumbersWithoutLink(page: Page, phone: string): Promise<string[]> {
  return page.evaluate((phone) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const bare: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (node.textContent!.includes(phone) && !parent.closest('script, noscript, a[href^="tel:"]')) bare.push(parent.outerHTML.slice(0, 120));
    }
    return bare;
  }, phone);
}

beforeAll(async () => {
  env = await startBrowserSite(warm());
});
afterAll(() => env.close());

describe('every page in Chromium', () => {
  it('hydrates its islands with no console error, warning or hydration mismatch', async () => {
    // 360 px: the narrowest common phone; nothing may scroll sideways there.
    const context = await env.browser.newContext({ viewport: { width: 360, height: 800 } });
    // Each page once: an alias is the same file as its primary page (tests/build/site.test.ts).
    const paths = env.site.routes.filter((r) => r.page.template !== 'not-found' && r.path === r.canonical).map((r) => r.path);
    await eachInTabs([...paths, '/une-page-qui-nexiste-pas', '/en/a-page-that-does-not-exist'], 2, async (path) => {
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`${env.base}${path}`);
      await hydrateIslands(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} déborde à 360 px`).toBeLessThanOrEqual(360);
      expect(await phoneNumbersWithoutLink(page, env.site.content.site.phone), path).toEqual([]);
      // Chromium reports the 404 status of the not-found document itself; nothing else may appear.
      const unexpected = problems.filter((p) => !(/^\/(une-page|en\/a-page)/.test(path) && p.includes('status of 404')));
      expect(unexpected, path).toEqual([]);
      await page.close();
    });
    await context.close();
  }, 360_000);

  it('logs the unknown path on the not-found page, and corrects a stale footer year', async () => {
    const page = await env.browser.newPage();
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await page.clock.install({ time: new Date('2031-03-01T12:00:00') });
    await page.goto(`${env.base}/arbre/introuvable`);
    await expect.poll(() => logs.join('\n')).toContain('/arbre/introuvable');
    expect(await page.locator('[data-current-year]').textContent()).toBe('2031');
    await page.close();
  });

  it('downloads only the tiny entry at load, React when an island is reached, sonner and zod only with the form', async () => {
    const page = await env.browser.newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.text());
    });
    const formCode = async () => {
      const bodies = await Promise.all(scripts.splice(0));
      return { sonner: bodies.some((b) => b.includes('data-sonner-toaster')), zod: bodies.some((b) => b.includes('Le nom est requis')) };
    };
    await page.goto(`${env.base}/a-propos`);
    await page.waitForLoadState('networkidle');
    expect(scripts.length, 'au chargement, seul le point d’entrée est téléchargé').toBe(1);
    await hydrateIslands(page);
    await page.waitForLoadState('networkidle');
    expect(await formCode()).toEqual({ sonner: false, zod: false });
    await page.goto(`${env.base}/contact`);
    await page.locator('form.quote-form').scrollIntoViewIfNeeded();
    await page.locator('form.quote-form[data-ready="true"]').waitFor();
    expect(await formCode()).toEqual({ sonner: true, zod: true });
    await page.close();
  });
});
