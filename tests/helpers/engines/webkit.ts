import { By, Capabilities, error, Key, type WebDriver, type WebElement, WebDriver as WebDriverClass } from 'selenium-webdriver';
import { Executor, HttpClient } from 'selenium-webdriver/http';
import { Command, Name } from 'selenium-webdriver/lib/command.js';
import type { Engine, EnginePage, KeyName, PageOptions } from './types.ts';
import { assertWebKit, MINIBROWSER_PATH, startWebKitDriver, startXvfb, stop } from './webkit-processes.ts';

/**
 * WebKitGTK's MiniBrowser (the engine of Safari and of every iPhone browser) through
 * WebKitWebDriver, classic WebDriver over HTTP, with selenium-webdriver as the client. The session
 * is made straight on our own driver's URL: selenium's Builder, which may run Selenium Manager to
 * fetch a driver, is never used.
 */
export async function launchWebKitEngine(): Promise<Engine> {
  assertWebKit();
  const xvfb = await startXvfb();
  const server = await startWebKitDriver(xvfb.display);
  const capabilities = new Capabilities({
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
  });
  const driver = await WebDriverClass.createSession(new Executor(new HttpClient(server.url)), capabilities);
  return {
    name: 'webkit',
    // The session's one window for every page, one after another, each left clean by the last
    // one's close: a new window cost WebKit two web processes (its about:blank's, then the
    // site's), about 1 CPU-s each.
    async newPage(options: PageOptions) {
      await sizeViewport(driver, options);
      return webkitPage(driver);
    },
    async close() {
      await driver.quit().catch(() => {});
      await stop(server.process);
      await stop(xvfb.process);
    },
  };
}

/**
 * WebDriver sizes the window, not the page: the difference (MiniBrowser's toolbar) is measured and
 * added. GTK will not make MiniBrowser's window narrower than its toolbar, about 450 px.
 */
async function sizeViewport(driver: WebDriver, { width, height }: PageOptions): Promise<void> {
  await driver.manage().window().setRect({ width, height });
  const [innerWidth, innerHeight] = (await driver.executeScript('return [innerWidth, innerHeight]')) as [number, number];
  if (innerWidth === width && innerHeight === height) return;
  await driver.manage().window().setRect({ width: width + (width - innerWidth), height: height + (height - innerHeight) });
}

const KEYS: Record<KeyName, string> = {
  Enter: Key.ENTER,
  Escape: Key.ESCAPE,
  Space: Key.SPACE,
  Tab: Key.TAB,
  ArrowDown: Key.ARROW_DOWN,
  ArrowUp: Key.ARROW_UP,
  Home: Key.HOME,
  End: Key.END,
};

/**
 * Classic WebDriver does not wait for elements: wait here until the selector matches, like the
 * other clients do, and refuse one matching several (Playwright's strictness).
 */
async function one(driver: WebDriver, selector: string): Promise<WebElement> {
  const started = Date.now();
  for (;;) {
    const found = await driver.findElements(By.css(selector));
    if (found.length > 1) throw new Error(`${found.length} elements match ${selector}`);
    if (found.length === 1 && (await found[0]!.isDisplayed())) return found[0]!;
    if (Date.now() - started > 30_000) throw new Error(`no visible element matches ${selector}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** What a driver answers about an element that is there but cannot take the action yet. */
const NOT_YET = [error.ElementNotInteractableError, error.ElementClickInterceptedError, error.StaleElementReferenceError];

/**
 * Acts on the one element `selector` matches once it can take the action, as Playwright's clients
 * do: WebKitWebDriver refuses a click whose target it could not bring into view at that instant
 * (seen once in CI on a loaded machine: the quote form's submit button, « not interactable »),
 * so the element is found again, centred, and the action tried again until it is accepted.
 */
async function act(driver: WebDriver, selector: string, action: (element: WebElement) => Promise<void>): Promise<void> {
  const started = Date.now();
  for (;;) {
    const element = await one(driver, selector);
    try {
      return await action(element);
    } catch (problem) {
      if (!NOT_YET.some((kind) => problem instanceof kind) || Date.now() - started > 30_000) throw problem;
    }
    await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', element).catch(() => {});
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * WebKitWebDriver may answer a navigation once the document is parsed (readyState "interactive"),
 * before its deferred module scripts have run: a test acting then would find no listener yet.
 * Wait for the load event, as the other clients do.
 */
async function loaded(driver: WebDriver): Promise<void> {
  const started = Date.now();
  while ((await driver.executeScript('return document.readyState')) !== 'complete') {
    if (Date.now() - started > 30_000) throw new Error('the page never finished loading');
    await new Promise((done) => setTimeout(done, 20));
  }
}

function webkitPage(driver: WebDriver): EnginePage {
  const find = (selector: string) => one(driver, selector);
  const evaluate = <R, A>(fn: (arg: A) => R, arg?: A) => driver.executeScript(`return (${fn})(arguments[0]);`, arg) as Promise<Awaited<R>>;
  return {
    goto: async (url) => {
      await driver.get(url);
      await loaded(driver);
    },
    reload: async () => {
      await driver.navigate().refresh();
      await loaded(driver);
    },
    back: () => driver.navigate().back(),
    click: (selector) => act(driver, selector, (element) => element.click()),
    doubleClick: (selector) => act(driver, selector, (element) => driver.actions().doubleClick(element).perform()),
    async tap(selector) {
      const target = await find(selector);
      await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', target);
      // W3C actions as they are: selenium's typings know no touch pointer. The element is sent as
      // an origin, so the driver itself aims at its centre.
      const finger = [
        { type: 'pointerMove', duration: 0, origin: target, x: 0, y: 0 },
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ];
      await driver.execute(new Command(Name.ACTIONS).setParameter('actions', [{ type: 'pointer', id: 'finger', parameters: { pointerType: 'touch' }, actions: finger }]));
    },
    fill: (selector, text) =>
      act(driver, selector, async (field) => {
        await field.clear();
        await field.sendKeys(text);
      }),
    // Clicking an <option> is WebDriver's way of choosing it: the select fires input and change.
    select: (selector, value) => act(driver, `${selector} option[value="${value}"]`, (option) => option.click()),
    press: (key) => driver.actions().sendKeys(KEYS[key]).perform(),
    evaluate,
    viewport: () => evaluate(() => ({ width: window.innerWidth, height: window.innerHeight })),
    problems: () => null,
    async close() {
      // The window outlives the page: what the page stored must not reach the next test, and the
      // next page starts from a blank document, its scroll and focus its own.
      await evaluate(() => {
        if (location.protocol.startsWith('http')) localStorage.clear(), sessionStorage.clear();
      });
      await driver.get('about:blank');
    },
  };
}
