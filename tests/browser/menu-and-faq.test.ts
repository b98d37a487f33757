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

describe('mobile menu at 390 px', () => {
  const toggle = () => page.locator('.mobile-menu button.menu-toggle');
  const panel = () => page.locator('.mobile-menu nav');

  it('opens and closes with its toggle, which says so with aria-expanded', async () => {
    await open('/', 390);
    await toggle().waitFor();
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    expect(await panel().isVisible()).toBe(false);
    await toggle().click();
    expect(await toggle().getAttribute('aria-expanded')).toBe('true');
    expect(await panel().isVisible()).toBe(true);
    expect(await toggle().getAttribute('aria-controls')).toBe(await panel().getAttribute('id'));
    await toggle().click();
    expect(await panel().isVisible()).toBe(false);
  });

  it('closes when a link is chosen', async () => {
    await open('/services', 390);
    await toggle().click();
    await panel().getByRole('link', { name: 'Zones desservies' }).click();
    await page.waitForURL(/\/zones-desservies$/);
    await hydrateIslands(page);
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
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

  it('opens on the very first tap, before React is loaded, and stays open once enhanced', async () => {
    await open('/a-propos', 390, false);
    expect(await toggle().count()).toBe(0);
    await page.locator('.mobile-menu summary').tap();
    await toggle().waitFor();
    expect(await toggle().getAttribute('aria-expanded')).toBe('true');
    expect(await panel().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await panel().isVisible()).toBe(false);
  });

  it('keeps keyboard focus on the toggle when React takes over, and Enter opens it', async () => {
    await open('/a-propos', 390, false);
    await page.locator('.mobile-menu summary').focus();
    await toggle().waitFor();
    await expect.poll(() => toggle().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await toggle().getAttribute('aria-expanded')).toBe('true');
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
  const triggers = () => page.locator('.faq button.faq-trigger');

  async function openFaq(width = 1366) {
    await open('/services/elagage', width);
    await page.locator('.faq').scrollIntoViewIfNeeded();
    await triggers().first().waitFor();
  }

  it('opens an answer on the very first tap, before React is loaded, and keeps it open once enhanced', async () => {
    await open('/services/elagage', 390, false);
    const summary = page.locator('.faq summary').nth(2);
    await summary.scrollIntoViewIfNeeded();
    await summary.tap();
    await triggers().first().waitFor();
    expect(await triggers().nth(2).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(`#${await triggers().nth(2).getAttribute('aria-controls')}`).isVisible()).toBe(true);
    expect(await triggers().nth(0).getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps a keyboard user on the question they reached when React takes over', async () => {
    await open('/services/elagage', 1366, false);
    await page.locator('.faq summary').nth(1).focus();
    await triggers().first().waitFor();
    const focused = () => page.evaluate(() => [...document.querySelectorAll('.faq button.faq-trigger')].indexOf(document.activeElement!));
    await expect.poll(focused).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(2);
  });

  it('opens one answer at a time, addressed item-0 … item-4, and closes it again', async () => {
    await openFaq();
    expect(await triggers().count()).toBe(5);
    const items = page.locator('.faq .faq-item');
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-value')))).toEqual(['item-0', 'item-1', 'item-2', 'item-3', 'item-4']);
    await triggers().nth(1).click();
    expect(await triggers().nth(1).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(`#${await triggers().nth(1).getAttribute('aria-controls')}`).isVisible()).toBe(true);
    await triggers().nth(3).click();
    expect(await triggers().nth(1).getAttribute('aria-expanded')).toBe('false');
    expect(await triggers().nth(3).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.faq .faq-item[data-state="open"]').count()).toBe(1);
    await triggers().nth(3).click();
    expect(await page.locator('.faq .faq-item[data-state="open"]').count()).toBe(0);
  });

  it('moves focus with ArrowDown, ArrowUp, Home and End, and toggles with Enter and Space', async () => {
    await openFaq();
    await triggers().first().focus();
    const focused = () => page.evaluate(() => [...document.querySelectorAll('.faq button.faq-trigger')].indexOf(document.activeElement!));
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
    expect(await triggers().first().getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    expect(await triggers().first().getAttribute('aria-expanded')).toBe('false');
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
