import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hydrateIslands, startBrowserSite, watchConsole } from '../helpers/browser-site.ts';

let env: Awaited<ReturnType<typeof startBrowserSite>>;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  env = await startBrowserSite();
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

  it('opens and closes with its toggle, and says so with data-state', async () => {
    await open('/', 390);
    expect(await menuState()).toBe('false/closed');
    expect(await panel().isVisible()).toBe(false);
    await toggle().click();
    await expect.poll(menuState).toBe('true/open');
    expect(await panel().isVisible()).toBe(true);
    await toggle().click();
    expect(await panel().isVisible()).toBe(false);
    await expect.poll(menuState).toBe('false/closed');
  });

  it('closes when a link is chosen, and is still closed on coming back', async () => {
    await open('/services', 390);
    await toggle().click();
    await panel().getByRole('link', { name: 'Zones desservies' }).click();
    await page.waitForURL(/\/zones-desservies$/);
    await hydrateIslands(page);
    expect(await menuState()).toBe('false/closed');
    await page.goBack();
    expect(await page.locator('.mobile-menu details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  });

  it('marks the current page, and closes when that link is chosen too', async () => {
    await open('/contact', 390);
    await toggle().click();
    const current = panel().getByRole('link', { name: 'Contact' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    await current.click();
    await page.waitForLoadState('load');
    expect(await panel().isVisible()).toBe(false);
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    await open('/', 390);
    await toggle().click();
    await panel().getByRole('link', { name: 'Services' }).focus();
    await page.keyboard.press('Escape');
    expect(await panel().isVisible()).toBe(false);
    expect(await toggle().evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('closes on a tap outside it', async () => {
    await open('/', 390);
    await toggle().click();
    await page.locator('h1').tap({ force: true });
    await expect.poll(menuState).toBe('false/closed');
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

  async function openFaq(width = 1366) {
    await open('/services/elagage', width);
    await page.locator('.faq').scrollIntoViewIfNeeded();
  }

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

  it('opens one answer at a time, addressed item-0 … item-4, and closes it again', async () => {
    await openFaq();
    expect(await questions().count()).toBe(5);
    const items = page.locator('.faq .faq-item');
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-value')))).toEqual(['item-0', 'item-1', 'item-2', 'item-3', 'item-4']);
    await questions().nth(1).click();
    // <details> fires its toggle event as a task after opening: React mirrors it a moment later.
    await expect.poll(openStates).toEqual(['false/closed', 'true/open', 'false/closed', 'false/closed', 'false/closed']);
    expect(await items.nth(1).locator('.faq-panel').isVisible()).toBe(true);
    await questions().nth(3).click();
    await expect.poll(openStates).toEqual(['false/closed', 'false/closed', 'false/closed', 'true/open', 'false/closed']);
    expect(await page.locator('.faq .faq-item[data-state="open"]').count()).toBe(1);
    await questions().nth(3).click();
    await expect.poll(() => page.locator('.faq .faq-item[data-state="open"]').count()).toBe(0);
  });

  it('moves focus with ArrowDown, ArrowUp, Home and End, and toggles with Enter and Space', async () => {
    await openFaq();
    await questions().first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(1);
    await page.keyboard.press('End');
    expect(await focused()).toBe(4);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(0);
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe(4);
    await page.keyboard.press('Home');
    expect(await focused()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await openStates())[0]).toBe('true/open');
    await page.keyboard.press('Space');
    await expect.poll(async () => (await openStates())[0]).toBe('false/closed');
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
