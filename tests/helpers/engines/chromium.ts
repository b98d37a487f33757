import type { Browser, Page } from 'playwright-core';
import { watchConsole } from '../../../tools/lib/browser-site.ts';
import type { Engine, EnginePage, PageOptions } from './types.ts';
import { testChromium } from '../chromium.ts';

/**
 * Debian's Chromium through playwright-core, as in the Chromium-only suites: each page gets its
 * own context, so nothing stored by one test reaches the next.
 */
export async function launchChromiumEngine(): Promise<Engine> {
  const browser: Browser = await testChromium();
  return {
    name: 'chromium',
    async newPage({ width, height, touch = false }: PageOptions) {
      const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, locale: 'fr-CA' });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const problems = watchConsole(page);
      return chromiumPage(page, problems, () => context.close());
    },
    close: () => browser.close(),
  };
}

function chromiumPage(page: Page, problems: string[], close: () => Promise<void>): EnginePage {
  // Playwright's locators are strict: a selector matching two elements fails instead of picking one.
  const one = (selector: string) => page.locator(selector);
  return {
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    back: async () => void (await page.goBack()),
    click: (selector) => one(selector).click(),
    doubleClick: (selector) => one(selector).dblclick(),
    tap: (selector) => one(selector).tap(),
    fill: (selector, text) => one(selector).fill(text),
    select: async (selector, value) => void (await one(selector).selectOption(value)),
    press: (key) => page.keyboard.press(key),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    viewport: () => page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight })),
    problems: () => problems,
    close,
  };
}
