import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrateIslands, startBrowserSite } from '../../tools/lib/browser-site.ts';
import { warm } from '../helpers/shared-site.ts';
import { testChromium } from '../helpers/chromium.ts';

let env: Awaited<ReturnType<typeof startBrowserSite>>;

beforeAll(async () => {
  env = await startBrowserSite(warm(), testChromium);
});
afterAll(() => env.close());

// The sweep of every page (console, CSP, width, phone links) is csp.test.ts: one visit a page.
describe('pages in Chromium', () => {
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

  it('downloads no script at load (the entry is in the page), React when an island is reached, sonner and zod only with the form', async () => {
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
    expect(scripts.length, 'au chargement, aucun script n’est téléchargé : le point d’entrée est dans la page').toBe(0);
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
