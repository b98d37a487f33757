import { existsSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_KEY } from '../../src/islands/quote-form/draft.ts';
import { startSelfReceivingSite, startSite } from '../../tools/lib/browser-site.ts';
import { type Engine, type EnginePage, launchEngine, type PageOptions, selectedEngines, waitFor } from '../helpers/engines/index.ts';
import { leadsListed, outboxIn, relayModeIn, startRelaySite, stopRelaySite } from '../helpers/relay-mode.ts';
import { warm } from '../helpers/shared-site.ts';

// The islands' behaviour, written once and run in Chromium, WebKit (Safari, every iPhone) and
// Gecko (Firefox): ENGINES=webkit runs one alone. The quote's relay mode runs in the same engines
// (tests/helpers/relay-mode.ts). The Chromium-only suites test more (slow networks, offline, no
// JavaScript, hydration races) with what only Playwright can do.
let site: Awaited<ReturnType<typeof startSite>>;
let selfReceiving: Awaited<ReturnType<typeof startSelfReceivingSite>>;

beforeAll(async () => {
  [site, selfReceiving] = await Promise.all([startSite(warm()), startSelfReceivingSite(warm()), startRelaySite()]);
});
afterAll(() => Promise.all([site?.close(), selfReceiving?.close(), stopRelaySite()]));

const FORM = 'form.quote-form';
const field = (name: string) => `${FORM} [name="${name}"]`;
const SUBMIT = `${FORM} button[type="submit"]`;
const TOGGLE = '.mobile-menu summary.menu-toggle';
const question = (n: number) => `.faq > details:nth-child(${n + 1}) > summary`;

/** What the receiver must get for the lead `fillValid` types. */
const LEAD = { name: 'Marie Tremblay', phone: '819 555-0199', email: 'marie@exemple.ca', message: 'Grand érable mort près du cabanon.' };

describe.each(selectedEngines())('islands in %s', (name) => {
  let engine: Engine;
  let page: EnginePage;
  /** The page to close after the test; unset when a test failed before opening one. */
  let opened: EnginePage | undefined;
  /** The one console complaint a test causes on purpose (a request that fails). */
  let expectedProblem: RegExp | undefined;

  beforeAll(async () => {
    engine = await launchEngine(name);
  });
  afterAll(() => engine?.close());
  afterEach(async () => {
    site.capture.reset();
    // WebKit's classic WebDriver cannot see the console: null there, and nothing to check.
    const problems = (opened?.problems() ?? []).filter((problem) => !expectedProblem?.test(problem));
    await opened?.close();
    opened = undefined;
    expectedProblem = undefined;
    expect(problems).toEqual([]);
  });

  async function open(path: string, options: PageOptions = { width: 1366, height: 900 }) {
    page = opened = await engine.newPage(options);
    await page.goto(`${site.base}${path}`);
  }

  /** Wakes the menu and the FAQ as a pointer passing over them does, and waits until React holds them. */
  async function wakeIslands() {
    // After a link is followed, the new address shows before the page's deferred entry script has
    // run: the one pointer the test sends would find no listener yet (a visitor would send more).
    await waitFor(page, () => document.readyState, 'complete');
    await page.evaluate(() => document.querySelectorAll('[data-island]').forEach((el) => el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))));
    const asleep = () => [...document.querySelectorAll('[data-island="mobile-menu"], [data-island="faq"]')].filter((el) => !el.querySelector(':scope > [data-hydrated]')).map((el) => el.getAttribute('data-island'));
    await waitFor(page, asleep, []);
  }

  describe('quote form', () => {
    async function openForm() {
      await open('/contact');
      await page.evaluate(() => document.querySelector('form.quote-form')!.scrollIntoView());
      await waitFor(page, () => document.querySelector('form.quote-form')!.getAttribute('data-ready'), 'true');
    }

    async function fillValid() {
      await page.fill(field('name'), LEAD.name);
      await page.fill(field('phone'), LEAD.phone);
      await page.fill(field('email'), LEAD.email);
      await page.select(field('city'), 'lage-gardien');
      await page.select(field('service'), 'abattage');
      await page.select(field('urgency'), 'emergency');
      await page.fill(field('message'), LEAD.message);
    }

    const value = (name: string) => page.evaluate((n) => (document.querySelector(`form.quote-form [name="${n}"]`) as HTMLInputElement).value, name);
    const draft = () => page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY);
    const toastWith = (text: string) => waitFor(page, (t) => [...document.querySelectorAll('[data-sonner-toast]')].some((el) => el.textContent!.includes(t)), true, text);
    const button = () => page.evaluate(() => [document.querySelector('form.quote-form button[type="submit"]')!.textContent, (document.querySelector('form.quote-form button[type="submit"]') as HTMLButtonElement).disabled]);

    // One visitor's flow per page: a page costs an engine a context and a load, and the steps of a
    // flow are the order a visitor meets them in (each step's failure names what it expected).
    it('refuses an empty form with « Erreur de validation » and focuses the name field; filled, a double click sends it once, « Envoi en cours... » on a disabled button meanwhile, to the receiver at another origin; then thanks the visitor, empties the form and forgets the draft', async () => {
      await openForm();
      await page.click(SUBMIT);
      await toastWith('Erreur de validation');
      await toastWith('Le nom est requis');
      expect(await page.evaluate(() => [document.activeElement?.getAttribute('name'), document.activeElement?.getAttribute('aria-invalid')])).toEqual(['name', 'true']);
      // The refusal is shown in place of the send, in the same task: nothing can leave after it.
      expect(site.capture.received).toHaveLength(0);

      await fillValid();
      expect(JSON.parse((await draft())!)).toMatchObject({ name: LEAD.name, city: 'lage-gardien' });
      const answer = site.capture.hold();
      // Counts the presses that reached the page: a client sending one click would prove nothing.
      await page.evaluate(() => {
        const w = window as unknown as { presses: number };
        w.presses = 0;
        document.addEventListener('pointerdown', () => w.presses++, true);
      });
      const before = Date.now();
      await page.doubleClick(SUBMIT);
      await waitFor(page, () => document.querySelector('form.quote-form button[type="submit"]')!.textContent, 'Envoi en cours...');
      expect(await button()).toEqual(['Envoi en cours...', true]);
      expect(await page.evaluate(() => (window as unknown as { presses: number }).presses)).toBe(2);
      answer();
      await toastWith('Demande envoyée! Nous vous contacterons sous peu.');
      await toastWith('Temps de réponse moyen: 2-4 heures');
      await waitFor(page, () => document.querySelector('form.quote-form button[type="submit"]')!.textContent, 'Envoyer ma demande de devis', undefined);
      // Sent, then emptied and ready again: a second send could only be an empty form, refused before it leaves.
      await waitFor(page, () => (document.querySelector('form.quote-form [name="name"]') as HTMLInputElement).value, '');
      expect(await button()).toEqual(['Envoyer ma demande de devis', false]);
      expect(site.capture.received).toHaveLength(1);
      const sent = site.capture.received[0]!;
      expect(sent.headers.origin).toBe(site.base);
      expect(sent.headers['content-type']).toBe('text/plain;charset=UTF-8');
      const body = JSON.parse(sent.body);
      expect(body).toEqual({ ...LEAD, city: 'lage-gardien', service: 'abattage', urgency: 'emergency', timestamp: expect.any(String), urgencyLabel: '🚨 URGENCE' });
      expect(Math.abs(Date.parse(body.timestamp) - before)).toBeLessThan(10_000);
      expect([await value('name'), await value('city'), await value('urgency'), await value('message')]).toEqual(['', '', 'normal', '']);
      expect(await draft()).toBeNull();
    });

    it('sends a lead to the receiver of `npm start`, which keeps it in the leads file', async () => {
      page = opened = await engine.newPage({ width: 1366, height: 900 });
      await page.goto(`${selfReceiving.base}/contact`);
      await page.evaluate(() => document.querySelector('form.quote-form')!.scrollIntoView());
      await waitFor(page, () => document.querySelector('form.quote-form')!.getAttribute('data-ready'), 'true');
      await fillValid();
      // The engines share one leads file: each finds its own lead by its message.
      const message = `${LEAD.message} (${name})`;
      await page.fill(field('message'), message);
      await page.click(SUBMIT);
      await toastWith('Demande envoyée! Nous vous contacterons sous peu.');
      const mine = () =>
        (existsSync(selfReceiving.leadsFile) ? readFileSync(selfReceiving.leadsFile, 'utf8').trim().split('\n').filter(Boolean) : [])
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((lead) => lead.message === message);
      await expect.poll(mine).toHaveLength(1);
      expect(mine()[0]).toMatchObject({ ...LEAD, message, city: 'lage-gardien', service: 'abattage', urgency: 'emergency', urgencyLabel: '🚨 URGENCE' });
      await toastWith('Temps de réponse moyen: 2-4 heures');
    });

    it('keeps every value and the draft, and offers the phone, when the receiver drops the connection; the draft is restored after a reload', async () => {
      site.capture.behave({ drop: true });
      expectedProblem = /Failed to load resource|ERR_CONNECTION_RESET|NetworkError/;
      await openForm();
      await fillValid();
      await page.click(SUBMIT);
      await toastWith("Erreur lors de l'envoi");
      expect(await page.evaluate(() => [...document.querySelectorAll('[data-sonner-toast] a[href^="tel:"]')].length)).toBe(1);
      expect([await value('name'), await value('phone'), await value('city'), await value('message')]).toEqual([LEAD.name, LEAD.phone, 'lage-gardien', LEAD.message]);
      expect(JSON.parse((await draft())!)).toMatchObject({ name: LEAD.name, phone: LEAD.phone, urgency: 'emergency' });

      await page.fill(field('name'), 'Jeanne Lavoie');
      await page.select(field('service'), 'dessouchage');
      await page.reload();
      await page.evaluate(() => document.querySelector('form.quote-form')!.scrollIntoView());
      await waitFor(page, () => document.querySelector('form.quote-form')!.getAttribute('data-ready'), 'true');
      expect([await value('name'), await value('service'), await value('message')]).toEqual(['Jeanne Lavoie', 'dessouchage', LEAD.message]);
    });
  });

  describe('mobile menu on a phone', () => {
    const menuState = () => page.evaluate(() => {
      const details = document.querySelector('.mobile-menu details') as HTMLDetailsElement;
      return `${details.open}/${details.closest('.mobile-menu')!.getAttribute('data-state')}`;
    });
    const panelShown = () => page.evaluate(() => document.querySelector('.mobile-menu nav')!.checkVisibility());

    async function openPhone(path: string) {
      await open(path, { width: 390, height: 844, touch: true });
      // Below 900 px the header shows the menu; WebKitGTK's window cannot be as narrow as 390 px.
      expect((await page.viewport()).width).toBeLessThan(900);
      await wakeIslands();
    }

    async function openMenu() {
      await page.click(TOGGLE);
      await waitFor(page, () => (document.querySelector('.mobile-menu details') as HTMLDetailsElement).closest('.mobile-menu')!.getAttribute('data-state'), 'open');
    }

    it('opens and closes with its toggle, and says so with data-state; closes on Escape, giving the focus back to its toggle; closes when a link is chosen, and is still closed on coming back', async () => {
      await openPhone('/');
      expect([await menuState(), await panelShown()]).toEqual(['false/closed', false]);
      await openMenu();
      expect([await menuState(), await panelShown()]).toEqual(['true/open', true]);
      await page.click(TOGGLE);
      await waitFor(page, () => document.querySelector('.mobile-menu')!.getAttribute('data-state'), 'closed');
      expect([await menuState(), await panelShown()]).toEqual(['false/closed', false]);

      await openMenu();
      await page.evaluate(() => (document.querySelector('.mobile-menu nav a[href="/services"]') as HTMLElement).focus());
      await page.press('Escape');
      await waitFor(page, () => document.querySelector('.mobile-menu')!.getAttribute('data-state'), 'closed');
      expect(await panelShown()).toBe(false);
      expect(await page.evaluate(() => document.activeElement!.matches('.mobile-menu summary.menu-toggle'))).toBe(true);

      await openMenu();
      await page.click('.mobile-menu nav a[href="/zones-desservies"]');
      await waitFor(page, () => location.pathname, '/zones-desservies');
      await wakeIslands();
      expect(await menuState()).toBe('false/closed');
      await page.back();
      await waitFor(page, () => location.pathname, '/');
      expect(await page.evaluate(() => (document.querySelector('.mobile-menu details') as HTMLDetailsElement).open)).toBe(false);
    });

    it('closes on a tap outside it, and the tap does nothing else', async () => {
      await openPhone('/a-propos');
      await openMenu();
      // The open panel covers the top of the page. Tap text below it and far from any link or
      // button: Chromium moves a touch that lands near a link onto the link (touch adjustment),
      // which would leave the page and close the menu for the wrong reason.
      const target = await page.evaluate(() => {
        const panelBottom = document.querySelector('.mobile-menu nav')!.getBoundingClientRect().bottom;
        const controls = [...document.querySelectorAll('a, button, summary, input, select, textarea, label')].map((el) => el.getBoundingClientRect());
        const nearControl = (x: number, y: number) => controls.some((r) => x > r.left - 48 && x < r.right + 48 && y > r.top - 48 && y < r.bottom + 48);
        const text = [...document.querySelectorAll('main p, main h2, main h3')].find((el) => {
          const r = el.getBoundingClientRect();
          const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
          return y > panelBottom + 8 && y < window.innerHeight - 8 && el.contains(document.elementFromPoint(x, y)) && !nearControl(x, y);
        });
        text?.setAttribute('data-tap-here', '');
        (window as unknown as { samePage: boolean }).samePage = true;
        return text ? `${text.tagName} in an island: ${!!text.closest('[data-island]')}` : 'nothing to tap';
      });
      expect(target).toMatch(/^(H\d|P) in an island: false$/);
      await page.tap('[data-tap-here]');
      await waitFor(page, () => document.querySelector('.mobile-menu')!.getAttribute('data-state'), 'closed');
      expect([await menuState(), await panelShown()]).toEqual(['false/closed', false]);
      expect(await page.evaluate(() => [location.pathname, (window as unknown as { samePage?: boolean }).samePage])).toEqual(['/a-propos', true]);
    });
  });

  describe('FAQ accordion', () => {
    const openStates = () => page.evaluate(() => [...document.querySelectorAll('.faq > details')].map((d) => `${(d as HTMLDetailsElement).open}/${d.getAttribute('data-state')}`));
    const focused = () => page.evaluate(() => [...document.querySelectorAll('.faq > details > summary')].indexOf(document.activeElement!));
    const closed = 'false/closed';
    const opened = 'true/open';

    async function openFaq() {
      await open('/services/elagage');
      await wakeIslands();
      await page.evaluate(() => document.querySelector('.faq')!.scrollIntoView());
      expect(await openStates()).toEqual([closed, closed, closed, closed, closed]);
    }

    it('opens one answer at a time, addressed item-0 … item-4, and closes it again; moves the focus with ArrowDown, ArrowUp, Home and End, and opens and closes with Enter and Space', async () => {
      await openFaq();
      expect(await page.evaluate(() => [...document.querySelectorAll('.faq > details')].map((d) => d.getAttribute('data-value')))).toEqual(['item-0', 'item-1', 'item-2', 'item-3', 'item-4']);
      await page.click(question(1));
      await waitFor(page, () => [...document.querySelectorAll('.faq > details')].map((d) => d.getAttribute('data-state')), ['closed', 'open', 'closed', 'closed', 'closed']);
      expect(await openStates()).toEqual([closed, opened, closed, closed, closed]);
      expect(await page.evaluate(() => document.querySelector('.faq > details:nth-child(2) .faq-panel')!.checkVisibility())).toBe(true);
      await page.click(question(3));
      await waitFor(page, () => [...document.querySelectorAll('.faq > details')].map((d) => d.getAttribute('data-state')), ['closed', 'closed', 'closed', 'open', 'closed']);
      expect(await openStates()).toEqual([closed, closed, closed, opened, closed]);
      await page.click(question(3));
      await waitFor(page, () => document.querySelectorAll('.faq > details[open], .faq > details[data-state="open"]').length, 0);

      await page.evaluate(() => (document.querySelector('.faq > details > summary') as HTMLElement).focus());
      expect(await focused()).toBe(0);
      const steps: [Parameters<EnginePage['press']>[0], number][] = [
        ['ArrowDown', 1],
        ['End', 4],
        ['ArrowDown', 0],
        ['ArrowUp', 4],
        ['Home', 0],
      ];
      for (const [key, expected] of steps) {
        await page.press(key);
        expect([key, await focused()]).toEqual([key, expected]);
      }
      await page.press('Enter');
      await waitFor(page, () => document.querySelector('.faq > details')!.getAttribute('data-state'), 'open');
      expect((await openStates())[0]).toBe(opened);
      await page.press('Space');
      await waitFor(page, () => document.querySelector('.faq > details')!.getAttribute('data-state'), 'closed');
      expect((await openStates())[0]).toBe(closed);
    });
  });

  describe('relay mode', () => relayModeIn(name, () => engine));
  describe('the outbox', () => outboxIn(name, () => engine));
});

leadsListed();
