import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_OFFLINE_PREFS } from './firefox-prefs.ts';
import type { Engine, EnginePage, KeyName, PageOptions } from './types.ts';
import { hermeticEnv } from '../hermetic-env.ts';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Debian's Firefox ESR (Gecko) over WebDriver BiDi, launched by puppeteer-core itself: no
 * geckodriver, nothing downloaded. puppeteer gives each launch a fresh temporary profile and
 * deletes it on close; each page gets its own BiDi user context (separate storage).
 */
export async function launchFirefoxEngine(): Promise<Engine> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(`Firefox introuvable à ${FIREFOX_PATH} : installez-le (apt-get install firefox-esr) ou donnez son chemin dans FIREFOX_PATH.`);
  }
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: FIREFOX_OFFLINE_PREFS,
    env: hermeticEnv({ MOZ_CRASHREPORTER_DISABLE: '1' }),
  });
  return {
    name: 'firefox',
    async newPage({ width, height, touch = false }: PageOptions) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.setViewport({ width, height, hasTouch: touch });
      return firefoxPage(page, watchConsole(page), () => context.close());
    },
    close: () => browser.close(),
  };
}

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warn') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${String(error)}`));
  return problems;
}

/** puppeteer's BiDi keyboard knows the space bar only as the character it types. */
const bidiKey = (key: KeyName) => (key === 'Space' ? ' ' : key);

function firefoxPage(page: Page, problems: string[], close: () => Promise<void>): EnginePage {
  // Like Playwright's strict locators: a selector that matches two elements is a broken test.
  const one = async (selector: string) => {
    await page.waitForSelector(selector, { visible: true });
    const all = await page.$$(selector);
    if (all.length !== 1) throw new Error(`${all.length} elements match ${selector}`);
    return all[0]!;
  };
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    // puppeteer's goBack waits for a load event, which a page restored from the back/forward
    // cache never fires: go back as the page's own history does, and let the test wait for it.
    back: () => page.evaluate(() => history.back()),
    click: async (selector) => (await one(selector)).click(),
    doubleClick: async (selector) => (await one(selector)).click({ count: 2 }),
    tap: async (selector) => (await one(selector)).tap(),
    // As Playwright's fill does: focus, select what is there, insert the text through the editor
    // (beforeinput and input events, React sees them). Typing key by key costs Gecko a frame per
    // key event over BiDi, about 2 s for the form's fields.
    fill: async (selector, text) => {
      const field = await one(selector);
      await field.evaluate((el, value) => {
        (el as HTMLInputElement).focus();
        (el as HTMLInputElement).select();
        if (!document.execCommand('insertText', false, value)) throw new Error('insertText refused');
      }, text);
    },
    select: async (selector, value) => void (await (await one(selector)).select(value)),
    press: (key) => page.keyboard.press(bidiKey(key) as never),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    viewport: () => page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight })),
    problems: () => problems,
    close,
  };
}
