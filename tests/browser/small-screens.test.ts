import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSite } from '../../tools/lib/browser-site.ts';
import { warm } from '../helpers/shared-site.ts';
import { testChromium } from '../helpers/chromium.ts';

let env: Awaited<ReturnType<typeof startBrowserSite>>;

// The real content plus hero photos (home, Hull, pruning) and a photo in Hull's text: a hero with a photo and one without.
beforeAll(async () => {
  env = await startBrowserSite(warm('photos'), testChromium);
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

describe('a hero with a photo and one without', () => {
  it.each([320, 390, 1280])('both look finished at %i px: the photo under the text on a phone, beside it on a desktop, inside the screen, its frame sized before it loads', async (width) => {
    const page = await env.browser.newPage({ viewport: { width, height: 800 } });
    // The photo files never arrive: the frame must hold its place with the blurred stand-in alone.
    await page.route('**/photos/**', (route) => route.abort());
    await page.goto(`${env.base}/abattage-hull`);
    expect(await layoutProblems(page)).toEqual({ scrollWidth: width, outside: [], numbers: [] });
    const photo = (await page.locator('.hero .photo-hero').boundingBox())!;
    const title = (await page.locator('.hero h1').boundingBox())!;
    const actions = (await page.locator('.hero .actions').boundingBox())!;
    const hero = (await page.locator('.hero').boundingBox())!;
    expect(photo.x).toBeGreaterThanOrEqual(0);
    expect(photo.x + photo.width).toBeLessThanOrEqual(width);
    expect(photo.height).toBeGreaterThan(photo.width * 0.6);
    expect(photo.y + photo.height).toBeLessThanOrEqual(hero.y + hero.height);
    if (width >= 900) expect(photo.x).toBeGreaterThan(title.x + title.width);
    else expect(photo.y).toBeGreaterThanOrEqual(actions.y + actions.height);
    await page.goto(`${env.base}/abattage-gatineau`);
    expect(await layoutProblems(page)).toEqual({ scrollWidth: width, outside: [], numbers: [] });
    expect(await page.locator('.hero .photo').count()).toBe(0);
    expect(await page.locator('.hero .hero-inner').evaluate((el) => el.className)).toBe('container hero-inner');
    await page.close();
  });
});
