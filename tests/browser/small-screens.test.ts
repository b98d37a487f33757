import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSite } from '../../tools/lib/browser-site.ts';

let env: Awaited<ReturnType<typeof startBrowserSite>>;

beforeAll(async () => {
  env = await startBrowserSite();
});
afterAll(() => env.close());

/** One page of each kind (the first route of each template, the emergency service too) and an unknown address. */
function pagesOfEachKind(): string[] {
  const primary = env.site.routes.filter((r) => r.indexable);
  const kinds = new Map<string, string>();
  for (const route of primary) {
    const kind = route.page.template === 'service' ? `service-${route.page.service.kind}` : route.page.template;
    if (!kinds.has(kind)) kinds.set(kind, route.path);
  }
  return [...kinds.values(), '/une-adresse-inconnue'];
}

/** Controls a visitor can reach that stand even partly outside the viewport, and the page's width. */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const hidden = (el: Element) => !!el.closest('[aria-hidden="true"], .visually-hidden, .skip-link');
    const controls = [...document.querySelectorAll('a, button, summary, input, select, textarea')].filter((el) => !hidden(el));
    const outside = controls
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5))
      .map(({ el, box }) => `${el.outerHTML.slice(0, 60)}… (${Math.round(box.left)} → ${Math.round(box.right)})`);
    // An inline element broken across lines has one client rectangle per line.
    const numbers = [...document.querySelectorAll('a[href^="tel:"]:not(.btn), .phone-number')]
      .filter((el) => el.getClientRects().length > 1)
      .map((el) => `« ${el.textContent} » sur ${el.getClientRects().length} lignes`);
    return { scrollWidth: document.documentElement.scrollWidth, outside, numbers };
  });
}

describe('at 320 CSS px (WCAG reflow: a small phone, or 400 % zoom)', () => {
  it('every kind of page fits: no horizontal scroll, no control outside the screen, no phone number broken', async () => {
    const page = await env.browser.newPage({ viewport: { width: 320, height: 640 } });
    const paths = pagesOfEachKind();
    expect(paths.length).toBeGreaterThanOrEqual(9);
    for (const path of paths) {
      await page.goto(`${env.base}${path}`);
      expect({ path, ...(await layoutProblems(page)) }).toEqual({ path, scrollWidth: 320, outside: [], numbers: [] });
    }
    await page.close();
  });

  it('the header keeps logo, call to action and menu toggle inside the screen, and the open menu fits too', async () => {
    const page = await env.browser.newPage({ viewport: { width: 320, height: 640 } });
    await page.goto(`${env.base}/a-propos`);
    for (const selector of ['.logo', '.header-cta', '.menu-toggle']) {
      const box = (await page.locator(selector).boundingBox())!;
      expect(box.x, selector).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, selector).toBeLessThanOrEqual(320);
    }
    await page.locator('.menu-toggle').click();
    await page.locator('.mobile-menu nav').waitFor();
    expect(await layoutProblems(page)).toEqual({ scrollWidth: 320, outside: [], numbers: [] });
    await page.close();
  });
});
