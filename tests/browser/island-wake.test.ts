import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openWaking, probeFaqKeys, probeFaqTap, probeMenuKeys, probeMenuOutsideTap, probeMenuTap, removedIslandElements, wakeAll } from '../../tools/scenarios/island-wake.ts';
import { startBrowserSite, watchConsole } from '../../tools/lib/browser-site.ts';
import { warm } from '../helpers/shared-site.ts';
import { testChromium } from '../helpers/chromium.ts';

// The islands' code held at the network until the probe has made its gestures
// (tools/scenarios/island-wake.ts): every gesture lands before the wake, on a fast machine as on
// a loaded one. The race itself, on a phone four times slower, is measured by `npm run harden`.
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

async function slow(path: string, mobile = false) {
  ({ context, page } = await openWaking(env.browser, `${env.base}${path}`, { mobile, mode: 'held' }));
  problems = watchConsole(page);
}

/** One service page of each language: the FAQ island is the same code on all of them (`npm run harden` probes every one). */
const servicePaths = () => ['fr', 'en'].map((locale) => env.site.routes.find((r) => r.page.template === 'service' && r.path === r.canonical && r.locale === locale)!.path);

describe('islands waking while their code is still on its way', () => {
  it('moves FAQ focus with ArrowDown pressed the instant the first question is focused, on a service page of each language', async () => {
    for (const path of servicePaths()) {
      await slow(path);
      expect(await probeFaqKeys(page, path)).toEqual([{ path, gesture: 'FAQ ArrowDown', duringWake: true, honoured: true }]);
      await context.close();
    }
    await slow('/services/elagage');
  });

  it('honours End, ArrowUp, Home and ArrowDown pressed in a row before the FAQ has woken', async () => {
    await slow('/services/elagage');
    const gestures = await probeFaqKeys(page, '/services/elagage', ['End', 'ArrowUp', 'Home', 'ArrowUp', 'ArrowDown']);
    expect(gestures.filter((g) => !g.duringWake || !g.honoured)).toEqual([]);
  });

  it('honours a tap on an FAQ question and on the menu toggle made while they wake', async () => {
    await slow('/services/dessouchage', true);
    expect(await probeFaqTap(page, '/services/dessouchage')).toMatchObject({ duringWake: true, honoured: true });
    await context.close();
    await slow('/services/dessouchage', true);
    expect(await probeMenuTap(page, '/services/dessouchage')).toMatchObject({ duringWake: true, honoured: true });
  });

  it('honours a tap outside the open menu made while it wakes: the menu closes', async () => {
    await slow('/contact', true);
    expect(await probeMenuOutsideTap(page, '/contact')).toMatchObject({ duringWake: true, honoured: true });
  });

  it('honours Enter then Escape on the menu toggle before the menu has woken, focus back on the toggle', async () => {
    await slow('/a-propos', true);
    const gestures = await probeMenuKeys(page, '/a-propos');
    expect(gestures.map((g) => [g.gesture, g.duringWake, g.honoured])).toEqual([
      ['menu Enter', true, true],
      ['menu Escape', true, true],
    ]);
  });

  it.each(['/', '/contact', '/services/elagage'])('removes no island element while every island of %s hydrates', async (path) => {
    await slow(path);
    await wakeAll(page);
    expect(await removedIslandElements(page)).toEqual([]);
  });
});

describe('the wake probes can fail', () => {
  // An island that swaps its <details> for buttons when it wakes, with no early key handling:
  // what the site's islands once did. Its code is asked for at the first focus and held by the
  // gate like the site's, so the probe's key lands before the swap.
  const swapping = `<!DOCTYPE html><html lang="fr"><head><title>x</title></head><body>
    <div data-island="faq"><div class="faq">${[0, 1, 2].map((i) => `<details class="faq-item" data-state="closed"><summary class="faq-trigger">Q${i}</summary><p>R${i}</p></details>`).join('')}</div></div>
    <script>addEventListener('focusin', () => document.head.append(Object.assign(document.createElement('script'), { src: '/swap.js' })), { once: true });</script>
    </body></html>`;
  const swap = `document.querySelector('[data-island]').innerHTML = '<div class="faq" data-hydrated><button>Q0</button><button>Q1</button></div>';`;

  it('counts the removed elements and the lost key of an island that swaps its elements', async () => {
    ({ context, page } = await openWaking(env.browser, 'http://fixture.test/', {
      mode: 'held',
      prepare: (c) =>
        c.route('http://fixture.test/**', (route) =>
          route.request().url().endsWith('/swap.js') ? route.fulfill({ contentType: 'text/javascript', body: swap }) : route.fulfill({ contentType: 'text/html', body: swapping }),
        ),
    }));
    problems = [];
    const [key] = await probeFaqKeys(page, '/fixture');
    expect(key).toMatchObject({ duringWake: true, honoured: false });
    expect((await removedIslandElements(page)).length).toBeGreaterThan(0);
  });
});
