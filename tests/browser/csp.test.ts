import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../src/server/static-server.ts';
import { hydrateIslands, watchConsole } from '../../tools/lib/browser-site.ts';
import { buildToTemp } from '../../tools/lib/built-site.ts';
import { startCaptureServer } from '../../tools/lib/capture-server.ts';
import { close, listen } from '../../tools/lib/server.ts';
import { sharedSite } from '../helpers/shared-site.ts';
import { axeViolations, serveAxe } from '../../tools/lib/axe.ts';
import { eachInTabs } from '../helpers/tabs.ts';
import { onePerTemplate } from '../helpers/one-per-template.ts';
import { testChromium } from '../helpers/chromium.ts';

let capture: Awaited<ReturnType<typeof startCaptureServer>>;
let site: Awaited<ReturnType<typeof buildToTemp>>;
let server: Server;
let base: string;
let browser: Browser;
let context: BrowserContext;

/** A page with what a strict CSP must refuse: an inline style attribute and an inline script. */
const INLINE_PROBE = '<!doctype html><html lang="fr"><title>sonde</title><p style="color: red">rouge</p><script>document.title = "exécuté"</script>';

beforeAll(async () => {
  capture = await startCaptureServer();
  // With photos in every slot: their blurred stand-ins are data: images, their files /photos/.
  site = await sharedSite({ variant: 'photos', quoteWebhook: capture.url });
  writeFileSync(join(site.dir, 'sonde-csp.html'), INLINE_PROBE);
  server = createSiteServer({ root: site.dir, leadsFile: join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads.jsonl'), log: () => {} });
  base = await listen(server);
  serveAxe(site.dir);
  browser = await testChromium();
  context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'fr-CA' });
  // Runs before any script of the page, outside its CSP: records every violation it reports.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ← ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`));
  });
});

afterAll(async () => {
  await browser?.close();
  if (server) await close(server);
  await capture?.close();
});

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** An address no directive allows: loading it is a violation the test causes itself. */
const SENTINEL = 'https://sentinelle.invalid/temoin.png';
const notSentinel = (line: string) => !line.includes(SENTINEL);

/**
 * The violations the page has reported so far. Each is reported in a task, queued in the order
 * they happened: once the sentinel's, caused last, has arrived, every one before it has too. The
 * sentinel and the console line Chromium writes for it are left out (`notSentinel`).
 */
async function violationsSoFar(page: Page): Promise<string[]> {
  await page.evaluate((url) => {
    new Image().src = url;
  }, SENTINEL);
  await page.waitForFunction((url) => (window as unknown as { cspViolations: string[] }).cspViolations.some((v) => v.includes(url)), SENTINEL);
  return (await violations(page)).filter(notSentinel);
}

/** Visible text holding the business phone number outside a tap-to-call link (it must always be one). */
function phoneNumbersWithoutLink(page: Page, phone: string): Promise<string[]> {
  return page.evaluate((phone) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const bare: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (node.textContent!.includes(phone) && !parent.closest('script, noscript, a[href^="tel:"]')) bare.push(parent.outerHTML.slice(0, 120));
    }
    return bare;
  }, phone);
}

/** What each sweep tab's console said, emptied at the start of each visit. */
const consoles = new WeakMap<Page, string[]>();

/** Opens a page under the production headers, lets its islands wake, and returns what went wrong. */
async function visit(page: Page, path: string, islandsAsleep: boolean) {
  if (!consoles.has(page)) consoles.set(page, watchConsole(page));
  const problems = consoles.get(page)!;
  problems.length = 0;
  const response = await page.goto(`${base}${path}`);
  // The one inline style allowed: the site's stylesheet in the page's <style>, by its hash.
  expect(response?.headers()['content-security-policy'], path).toMatch(/style-src 'self' 'sha256-[\w+/]+=*';/);
  // axe at phone width on every page once its islands are awake; the islands as they arrive, on
  // a page of each template: what they render asleep is the template's (desktop width:
  // accessibility.test.ts).
  const asleep = islandsAsleep ? await axeViolations(page, '[data-island]') : [];
  await hydrateIslands(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const axe = [...asleep.map((v) => `avant réveil : ${v}`), ...(await axeViolations(page))];
  // 360 px, the narrowest common phone: nothing may scroll sideways there.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const bare = await phoneNumbersWithoutLink(page, site.content.site.phone);
  // Open what the visitor opens, each until its island says so: a FAQ answer, then the menu (a
  // tap outside the open menu only closes it). Both render React-managed markup.
  if (await page.locator('.faq summary.faq-trigger').count()) {
    await page.locator('.faq summary.faq-trigger').first().click();
    await page.locator('.faq details.faq-item[data-state="open"]').waitFor();
  }
  await page.locator('.mobile-menu summary.menu-toggle').click();
  await page.locator('.mobile-menu[data-state="open"]').waitFor();
  return { problems, violations: await violationsSoFar(page), overflow: width > 360, bare, axe };
}

describe('every page under the production CSP, in Chromium', () => {
  it('has no axe violation (WCAG 2.2 AA) at 360 px, islands asleep then awake, and no CSP violation, console error, warning or hydration mismatch while the menu, the FAQ and the form wake up; nothing scrolls sideways; the phone is always a link', async () => {
    // Each page once: an alias is the same file as its primary page (tests/build/site.test.ts).
    const pages = site.routes.filter((r) => r.page.template !== 'not-found' && r.path === r.canonical).map((r) => r.path);
    const queue = [...pages, '/une-page-qui-nexiste-pas', '/en/a-page-that-does-not-exist'];
    const samples = new Set(onePerTemplate(site.routes));
    const report: Record<string, { violations: string[]; console: string[]; overflow: boolean; bare: string[]; axe: string[] }> = {};
    await eachInTabs(context, queue, 3, async (page, path) => {
      const { problems, violations: found, overflow, bare, axe } = await visit(page, path, samples.has(path) || !pages.includes(path));
      // Chromium reports the 404 status of the not-found document itself; nothing else may appear.
      const unexpected = problems.filter(notSentinel).filter((p) => !(/^\/(une-page|en\/a-page)/.test(path) && p.includes('status of 404')));
      if (found.length > 0 || unexpected.length > 0 || overflow || bare.length > 0 || axe.length > 0) report[path] = { violations: found, console: unexpected, overflow, bare, axe };
    });
    expect(report).toEqual({});
  }, 480_000);

  it('sends the form to the webhook allowed by connect-src and shows a styled toast', async () => {
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/contact`);
    await page.locator('form.quote-form').scrollIntoViewIfNeeded();
    await page.locator('form.quote-form[data-ready="true"]').waitFor();
    await page.getByLabel('Nom complet').fill('Marie Tremblay');
    await page.getByLabel('Téléphone').fill('819 555-0199');
    await page.getByLabel('Ville').selectOption('hull');
    await page.getByLabel('Service demandé').selectOption('abattage');
    await page.getByLabel('Décrivez votre projet').fill('Grand érable mort près du cabanon.');
    await page.getByRole('button', { name: /Envoyer ma demande/ }).click();
    const toast = page.locator('[data-sonner-toast]').first();
    await expect.poll(() => toast.textContent()).toContain('Demande envoyée!');
    expect(capture.received).toHaveLength(1);
    expect(JSON.parse(capture.received[0]!.body).name).toBe('Marie Tremblay');
    const style = await toast.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, position: s.position, padding: s.paddingTop };
    });
    expect(style.background).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    expect(style).toMatchObject({ position: 'absolute', padding: '16px' });
    expect(await violationsSoFar(page)).toEqual([]);
    expect(await page.locator('style:not([data-site-style])').count(), 'aucune feuille <style> injectée').toBe(0);
    expect(problems.filter(notSentinel)).toEqual([]);
    await page.close();
  });

  it('records a violation when a page carries an inline style or script (the check can fail)', async () => {
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${base}/sonde-csp`);
    await expect.poll(() => violations(page)).toHaveLength(2);
    expect((await violations(page)).map((v) => v.split(' ')[0]).sort()).toEqual(['script-src-elem', 'style-src-attr']);
    expect(await page.title()).toBe('sonde');
    expect(problems.some((p) => p.startsWith('error:') && p.includes('Content Security Policy'))).toBe(true);
    await page.close();
  });
});
