import type { Browser, BrowserContext, Page } from 'playwright-core';
import { gateScripts } from '../lib/script-gate.ts';

/** A slow phone: CPU four times slower, every script half a second late. */
export const CPU_SLOWDOWN = 4;
export const SCRIPT_DELAY_MS = 500;

/** One tap or key made while an island was still waking, and whether its effect was kept. */
export interface Gesture {
  path: string;
  gesture: string;
  /** False if the island had already woken: the gesture then proves nothing about the wake. */
  duringWake: boolean;
  honoured: boolean;
}

export interface WakeFigures {
  gestures: Gesture[];
  /** Gestures made during the wake whose effect was missing once the island had woken. */
  lost: number;
  /** Elements removed from inside an island, from the first byte until every island had woken. */
  removed: number;
}

/**
 * Counts element nodes removed from inside `[data-island]`, from before the page parses: an island
 * that re-renders different elements when it hydrates shows up here.
 */
const REMOVAL_OBSERVER = () => {
  const w = window as unknown as { __islandRemovals: string[] };
  w.__islandRemovals = [];
  new MutationObserver((records) => {
    for (const record of records) {
      if (!(record.target instanceof Element) || !record.target.closest('[data-island]')) continue;
      for (const node of record.removedNodes) if (node instanceof Element) w.__islandRemovals.push(node.outerHTML.slice(0, 80));
    }
  }).observe(document, { childList: true, subtree: true });
};

export const removedIslandElements = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __islandRemovals?: string[] }).__islandRemovals ?? []);

/** What a page's islands wait for before they may wake: released by the probe after its gestures. */
const gates = new WeakMap<Page, () => Promise<void>>();

/**
 * A fresh page, the removal observer in place before the first byte. `slow` (what `npm run harden`
 * measures): the slow phone, CPU four times slower and every script half a second late, so the
 * gestures race the real wake. `held` (what `npm test` checks): the islands' code is held at the
 * network until the probe has made its gestures, so every gesture lands before the wake, on any
 * machine, and the wake that follows must honour it.
 */
export async function openWaking(
  browser: Browser,
  url: string,
  options: { mobile?: boolean; mode?: 'slow' | 'held'; prepare?: (context: BrowserContext) => Promise<unknown> } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options.mobile ? { viewport: { width: 390, height: 844 }, hasTouch: true } : { viewport: { width: 1366, height: 900 } });
  await context.addInitScript(REMOVAL_OBSERVER);
  // The last route set is asked first: the gate or the delay goes before the test's own routes.
  await options.prepare?.(context);
  const gate = options.mode === 'held' ? await gateScripts(context) : undefined;
  if (!gate) {
    await context.route('**/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, SCRIPT_DELAY_MS));
      await route.fallback();
    });
  }
  const page = await context.newPage();
  if (gate) gates.set(page, gate.release);
  else await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url);
  return { context, page };
}

const awake = (page: Page, island: string) => page.locator(`[data-island="${island}"] > [data-hydrated]`).count().then((n) => n > 0);
const waitAwake = async (page: Page, island: string) => {
  await gates.get(page)?.();
  await page.locator(`[data-island="${island}"] > [data-hydrated]`).waitFor({ state: 'attached', timeout: 15_000 });
};
const focusedQuestion = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-island="faq"] summary')].indexOf(document.activeElement as Element));

/**
 * The first question is focused and the keys pressed at once, while the FAQ's code is still on
 * its way: each key must move focus as the accordion pattern says, and focus must still be there
 * once React has taken over.
 */
export async function probeFaqKeys(page: Page, path: string, keys = ['ArrowDown']): Promise<Gesture[]> {
  const expected = { ArrowDown: (i: number, n: number) => (i + 1) % n, ArrowUp: (i: number, n: number) => (i - 1 + n) % n, Home: () => 0, End: (_: number, n: number) => n - 1 };
  const count = await page.locator('[data-island="faq"] summary').count();
  await page.locator('[data-island="faq"] summary').first().focus();
  let index = 0;
  const made: { gesture: string; duringWake: boolean; want: number; got: number }[] = [];
  for (const key of keys) {
    await page.keyboard.press(key);
    index = expected[key as keyof typeof expected](index, count);
    made.push({ gesture: `FAQ ${key}`, duringWake: !(await awake(page, 'faq')), want: index, got: await focusedQuestion(page) });
  }
  await waitAwake(page, 'faq');
  const final = await focusedQuestion(page);
  return made.map((m, i) => ({ path, gesture: m.gesture, duringWake: m.duringWake, honoured: m.got === m.want && (i < made.length - 1 || final === m.want) }));
}

/** A tap on a question while the FAQ wakes opens its answer, and it is still the one open after. */
export async function probeFaqTap(page: Page, path: string, index = 2): Promise<Gesture> {
  const question = page.locator('[data-island="faq"] summary').nth(index);
  await question.scrollIntoViewIfNeeded();
  await question.tap();
  const duringWake = !(await awake(page, 'faq'));
  await waitAwake(page, 'faq');
  const states = await page.locator('[data-island="faq"] details').evaluateAll((els) => els.map((d) => `${(d as HTMLDetailsElement).open}/${d.getAttribute('data-state')}`));
  const honoured = states.every((s, i) => s === (i === index ? 'true/open' : 'false/closed'));
  return { path, gesture: `FAQ tap question ${index + 1}`, duringWake, honoured };
}

const menuState = (page: Page) => page.locator('[data-island="mobile-menu"] details').evaluate((d) => `${(d as HTMLDetailsElement).open}/${d.closest('.mobile-menu')?.getAttribute('data-state')}`);

/** A tap on the menu toggle while the menu wakes opens it, and it stays open once React is there. */
export async function probeMenuTap(page: Page, path: string): Promise<Gesture> {
  await page.locator('[data-island="mobile-menu"] summary').tap();
  const duringWake = !(await awake(page, 'mobile-menu'));
  await waitAwake(page, 'mobile-menu');
  return { path, gesture: 'menu tap toggle', duringWake, honoured: (await menuState(page)) === 'true/open' };
}

/** A tap outside the open menu, made while it wakes, closes it. */
export async function probeMenuOutsideTap(page: Page, path: string): Promise<Gesture> {
  await page.locator('[data-island="mobile-menu"] summary').tap();
  const { height } = page.viewportSize()!;
  await page.touchscreen.tap(20, height - 10);
  const duringWake = !(await awake(page, 'mobile-menu'));
  await waitAwake(page, 'mobile-menu');
  return { path, gesture: 'menu tap outside', duringWake, honoured: (await menuState(page)) === 'false/closed' };
}

/** Enter opens the menu and Escape closes it again, both pressed before the menu's code arrives. */
export async function probeMenuKeys(page: Page, path: string): Promise<Gesture[]> {
  const toggle = page.locator('[data-island="mobile-menu"] summary');
  await toggle.focus();
  await page.keyboard.press('Enter');
  const opened = await toggle.evaluate((s) => (s.parentElement as HTMLDetailsElement).open);
  const enterDuringWake = !(await awake(page, 'mobile-menu'));
  await page.keyboard.press('Escape');
  const escapeDuringWake = !(await awake(page, 'mobile-menu'));
  await waitAwake(page, 'mobile-menu');
  const closedWithFocus = (await menuState(page)) === 'false/closed' && (await toggle.evaluate((s) => s === document.activeElement));
  return [
    { path, gesture: 'menu Enter', duringWake: enterDuringWake, honoured: opened },
    { path, gesture: 'menu Escape', duringWake: escapeDuringWake, honoured: closedWithFocus },
  ];
}

/** Wakes every island of the page, the form included, and waits until each has hydrated. */
export async function wakeAll(page: Page): Promise<void> {
  for (const island of await page.locator('[data-island]').all()) await island.dispatchEvent('pointerover');
  for (const name of ['mobile-menu', 'faq']) if (await page.locator(`[data-island="${name}"]`).count()) await waitAwake(page, name);
  if (await page.locator('form.quote-form').count()) {
    await gates.get(page)?.();
    await page.locator('form.quote-form[data-ready="true"]').waitFor({ timeout: 15_000 });
  }
}

/**
 * Every gesture above on the slow phone: the FAQ keys on every service page given, the taps and
 * the menu keys on the first one; removals are counted on every page probed and on the pages with
 * the form. `base` is the served site, `servicePaths` its service pages (aliases included).
 */
export async function measureIslandWake(browser: Browser, base: string, servicePaths: string[]): Promise<WakeFigures> {
  const gestures: Gesture[] = [];
  let removed = 0;
  const probe = async (path: string, mobile: boolean, run: (page: Page) => Promise<Gesture | Gesture[]>) => {
    const { context, page } = await openWaking(browser, `${base}${path}`, { mobile });
    try {
      gestures.push(...[await run(page)].flat());
      removed += (await removedIslandElements(page)).length;
    } finally {
      await context.close();
    }
  };
  for (const path of servicePaths) await probe(path, false, (page) => probeFaqKeys(page, path));
  const [first] = servicePaths;
  if (first) {
    await probe(first, false, (page) => probeFaqKeys(page, first, ['End', 'ArrowUp', 'Home', 'ArrowUp', 'ArrowDown']));
    await probe(first, true, (page) => probeFaqTap(page, first));
    await probe(first, true, (page) => probeMenuTap(page, first));
    await probe(first, true, (page) => probeMenuOutsideTap(page, first));
    await probe(first, true, (page) => probeMenuKeys(page, first));
  }
  for (const path of ['/', '/contact']) await probe(path, false, async (page) => (await wakeAll(page), []));
  return { gestures, lost: gestures.filter((g) => !g.honoured).length, removed };
}
