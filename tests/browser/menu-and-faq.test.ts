import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hydrateIslands, startBrowserSite, watchConsole } from '../../tools/lib/browser-site.ts';
import { warm } from '../helpers/shared-site.ts';
import { testChromium } from '../helpers/chromium.ts';

// What only Chromium's client can do here: taps before React loads, JavaScript off, touch and
// keyboard during hydration. The menu's and the FAQ's everyday behaviour (toggle, link, Escape,
// tap outside; one answer at a time, arrow keys) runs in three engines: islands-three-engines.test.ts.
let env: Awaited<ReturnType<typeof startBrowserSite>>;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  env = await startBrowserSite(warm(), testChromium);
});
afterAll(() => env.close());
afterEach(async () => {
  expect(problems).toEqual([]);
  await context.close();
});

/** Opens `path`; the islands are woken as a visitor's pointer would, unless `hydrate` is false. */
async function open(path: string, width: number, hydrate = true) {
  context = await env.browser.newContext({ viewport: { width, height: 844 }, hasTouch: width < 900 });
  page = await context.newPage();
  problems = watchConsole(page);
  await page.goto(`${env.base}${path}`);
  if (hydrate) await hydrateIslands(page);
}

// <details> fires its toggle event as a task after opening: React mirrors it into data-state a moment later.
const menuState = () => page.locator('.mobile-menu details').evaluate((d) => `${(d as HTMLDetailsElement).open}/${d.closest('.mobile-menu')!.getAttribute('data-state')}`);

describe('mobile menu at 390 px', () => {
  const toggle = () => page.locator('.mobile-menu summary.menu-toggle');
  const panel = () => page.locator('.mobile-menu nav');

  it('marks the current page, and closes when that link is chosen too', async () => {
    await open('/contact', 390);
    await toggle().click();
    const current = panel().getByRole('link', { name: 'Contact' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    await current.click();
    await page.waitForLoadState('load');
    expect(await panel().isVisible()).toBe(false);
  });

  it('opens on the very first tap, before React is loaded, and stays open once hydrated', async () => {
    await open('/a-propos', 390, false);
    await toggle().tap();
    await page.locator('[data-island="mobile-menu"] > [data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(menuState).toBe('true/open');
    expect(await panel().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await panel().isVisible()).toBe(false);
  });

  it('keeps the very element keyboard focus is on when React takes over, and Enter opens it', async () => {
    await open('/a-propos', 390, false);
    const before = await toggle().elementHandle();
    await toggle().focus();
    await page.locator('[data-island="mobile-menu"] > [data-hydrated]').waitFor({ state: 'attached' });
    expect(await before!.evaluate((el) => el.isConnected && el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(menuState).toBe('true/open');
  });

  it('works before hydration too, as a native disclosure', async () => {
    context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    page = await context.newPage();
    problems = [];
    await page.goto(`${env.base}/`);
    await page.locator('.mobile-menu summary').click();
    expect(await page.locator('.mobile-menu nav').getByRole('link', { name: 'Contact' }).isVisible()).toBe(true);
  });

  it('leaves the desktop nav alone at 1366 px', async () => {
    await open('/', 1366);
    expect(await page.locator('.main-nav').isVisible()).toBe(true);
    expect(await page.locator('.mobile-menu-island').isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Demander un devis gratuit' }).first().isVisible()).toBe(true);
  });

  it('shows « Devis gratuit » as the header call to action on a phone', async () => {
    await open('/', 390);
    const cta = page.locator('.header-cta');
    expect((await cta.innerText()).trim()).toBe('Devis gratuit');
    expect(await cta.getAttribute('href')).toBe('/contact');
  });
});

describe('FAQ accordion', () => {
  const questions = () => page.locator('.faq summary.faq-trigger');
  const focused = () => page.evaluate(() => [...document.querySelectorAll('.faq summary')].indexOf(document.activeElement!));
  const openStates = () => page.locator('.faq details').evaluateAll((els) => els.map((d) => `${(d as HTMLDetailsElement).open}/${d.getAttribute('data-state')}`));

  it('opens an answer on the very first tap, before React is loaded, and keeps it open once hydrated', async () => {
    await open('/services/elagage', 390, false);
    const question = questions().nth(2);
    await question.scrollIntoViewIfNeeded();
    await question.tap();
    await page.locator('[data-island="faq"] > [data-hydrated]').waitFor({ state: 'attached' });
    expect(await openStates()).toEqual(['false/closed', 'false/closed', 'true/open', 'false/closed', 'false/closed']);
    expect(await page.locator('.faq details').nth(2).locator('.faq-panel').isVisible()).toBe(true);
  });

  it('keeps a keyboard user on the question they reached when React takes over', async () => {
    await open('/services/elagage', 1366, false);
    await questions().nth(1).focus();
    await page.locator('[data-island="faq"] > [data-hydrated]').waitFor({ state: 'attached' });
    expect(await focused()).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(2);
  });

  it('reads without JavaScript: native <details>, one open at a time', async () => {
    context = await env.browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
    problems = [];
    await page.goto(`${env.base}/services/elagage`);
    const summaries = page.locator('.faq summary');
    expect(await summaries.count()).toBe(5);
    await summaries.nth(0).click();
    await summaries.nth(2).click();
    expect(await page.locator('.faq details[open]').count()).toBe(1);
    expect(await page.locator('.faq details').nth(2).locator('.faq-panel').isVisible()).toBe(true);
  });
});
