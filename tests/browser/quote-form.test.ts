import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_KEY } from '../../src/islands/quote-form/draft.ts';
import { startBrowserSite, watchConsole } from '../../tools/lib/browser-site.ts';
import { gateScripts } from '../../tools/lib/script-gate.ts';
import { warm } from '../helpers/shared-site.ts';
import { testChromium } from '../helpers/chromium.ts';

// The form's details in Chromium: each refusal, offline, a slow network, the hidden field, the keyboard.
// Sending, the double click, the empty form, the draft after a reload and a dropped connection
// run in three engines: islands-three-engines.test.ts.
let env: Awaited<ReturnType<typeof startBrowserSite>>;
let context: BrowserContext;
let page: Page;
let problems: string[];
/** The requests the page sent to the webhook: what left the page, seen by the browser itself. */
let posts: Request[];

beforeAll(async () => {
  env = await startBrowserSite(warm(), testChromium);
});
afterAll(() => env.close());

beforeEach(async () => {
  env.capture.reset();
  context = await env.browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-CA' });
  page = await context.newPage();
  problems = watchConsole(page);
  posts = [];
  page.on('request', (r) => {
    if (r.url() === env.capture.url) posts.push(r);
  });
});
afterEach(async () => {
  expect(problems).toEqual([]);
  await context.close();
});

async function openContact() {
  await page.goto(`${env.base}/contact`);
  await page.locator('form.quote-form').scrollIntoViewIfNeeded();
  await page.locator('form.quote-form[data-ready="true"]').waitFor();
}

async function fillValid(overrides: Record<string, string> = {}) {
  const v = { name: 'Marie Tremblay', phone: '819 555-0199', email: 'marie@exemple.ca', message: 'Grand érable mort près du cabanon.', ...overrides };
  await page.getByLabel('Nom complet').fill(v.name);
  await page.getByLabel('Téléphone').fill(v.phone);
  await page.getByLabel('Courriel').fill(v.email);
  await page.getByLabel('Ville').selectOption('lage-gardien');
  await page.getByLabel('Service demandé').selectOption('abattage');
  await page.getByLabel('Niveau d’urgence').selectOption('emergency');
  await page.getByLabel('Décrivez votre projet').fill(v.message);
  return v;
}

const submit = () => page.getByRole('button', { name: /Envoyer ma demande/ }).click();
const toast = () => page.locator('[data-sonner-toast]').first();
/** Waits for a toast showing `text` (sonner stacks toasts, newest on top). */
const toastWith = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

describe('quote form in Chromium', () => {
  it.each([
    [{ phone: '819555' }, 'Numéro de téléphone invalide', 'Téléphone'],
    [{ phone: '819 555-0199 poste 1234' }, 'Numéro de téléphone trop long', 'Téléphone'],
    [{ email: 'marie@' }, 'Courriel invalide', 'Courriel'],
    [{ message: 'x'.repeat(1001) }, 'Message trop long (max 1000 caractères)', 'Décrivez votre projet'],
    [{ name: 'n'.repeat(101) }, 'Le nom est trop long', 'Nom complet'],
  ])('refuses %o with « %s »', async (overrides, message, label) => {
    await openContact();
    await fillValid(overrides);
    await submit();
    await toastWith(message);
    expect(await page.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
    expect(env.capture.received).toHaveLength(0);
  });

  it('asks for a city, then a service', async () => {
    await openContact();
    await page.getByLabel('Nom complet').fill('Luc');
    await page.getByLabel('Téléphone').fill('8195550199');
    await submit();
    await toastWith('Veuillez sélectionner une ville');
    await page.getByLabel('Ville').selectOption('hull');
    await submit();
    await toastWith('Veuillez sélectionner un service');
    expect(await page.getByLabel('Service demandé').getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps every value and the draft when the send fails (offline), and offers the phone', async () => {
    await openContact();
    const v = await fillValid();
    await context.setOffline(true);
    await submit();
    await expect.poll(() => toast().textContent()).toContain("Erreur lors de l'envoi");
    expect(await toast().locator('a[href^="tel:"]').count()).toBe(1);
    expect(await page.getByLabel('Nom complet').inputValue()).toBe(v.name);
    expect(await page.getByLabel('Téléphone').inputValue()).toBe(v.phone);
    expect(await page.getByLabel('Décrivez votre projet').inputValue()).toBe(v.message);
    expect(await page.getByLabel('Ville').inputValue()).toBe('lage-gardien');
    const draft = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), DRAFT_KEY))!);
    expect(draft).toMatchObject({ name: v.name, phone: v.phone, urgency: 'emergency' });
    await context.setOffline(false);
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')));
  });

  it('keeps what was typed before and while the form hydrated', async () => {
    // The form's code held at the network: the visitor types before it arrives, then while React takes over.
    const gate = await gateScripts(page);
    await page.goto(`${env.base}/contact`);
    const name = page.locator('form.quote-form input[name="name"]');
    await name.pressSequentially('Tapé pendant');
    expect(await page.locator('form.quote-form').getAttribute('data-ready')).toBe('false');
    await gate.release();
    await name.pressSequentially(' que la page se charge');
    await page.locator('form.quote-form[data-ready="true"]').waitFor();
    expect(await name.inputValue()).toBe('Tapé pendant que la page se charge');
    await page.getByRole('button', { name: /Envoyer ma demande/ }).click();
    await toastWith('Erreur de validation');
    expect(await name.inputValue()).toBe('Tapé pendant que la page se charge');
  });

  it('holds a submit made while the form’s code is still on its way, and sends it once, when the form wakes', async () => {
    // Every chunk of the island is held at the network until both clicks are made.
    const gate = await gateScripts(page);
    await page.goto(`${env.base}/contact`);
    expect(await page.locator('form.quote-form').getAttribute('data-ready')).toBe('false');
    const v = await fillValid();
    await submit();
    await submit();
    expect(await page.locator('form.quote-form').getAttribute('data-ready')).toBe('false');
    await gate.release();
    await toastWith('Demande envoyée!');
    // Sent, then emptied: a second send could only be an empty form, refused before it leaves.
    await expect.poll(() => page.getByLabel('Nom complet').inputValue()).toBe('');
    await Promise.all(posts.map((r) => r.response()));
    expect(posts).toHaveLength(1);
    expect(env.capture.received).toHaveLength(1);
    expect(JSON.parse(env.capture.received[0]!.body)).toMatchObject({ name: v.name, phone: v.phone, city: 'lage-gardien', service: 'abattage' });
    expect(page.url()).toBe(`${env.base}/contact`);
  });

  it('never navigates nor puts a field in the address when the form’s code cannot load: values and draft kept, phone offered', async () => {
    let tries = 0;
    await page.route('**/assets/*.js', async (route) => {
      tries++;
      return route.abort();
    });
    await page.goto(`${env.base}/contact`);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const v = await fillValid();
    await submit();
    const fallback = page.locator('[data-form-fallback]');
    await fallback.waitFor({ state: 'visible' });
    expect(await fallback.getAttribute('role')).toBe('alert');
    expect(await fallback.textContent()).toContain('819');
    expect(await fallback.locator('a[href^="tel:"]').count()).toBe(1);
    expect(page.url()).toBe(`${env.base}/contact`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.getByLabel('Nom complet').inputValue()).toBe(v.name);
    expect(await page.getByLabel('Téléphone').inputValue()).toBe(v.phone);
    expect(await page.getByLabel('Décrivez votre projet').inputValue()).toBe(v.message);
    expect(await page.getByLabel('Ville').inputValue()).toBe('lage-gardien');
    const draft = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), DRAFT_KEY))!);
    expect(draft).toMatchObject({ name: v.name, phone: v.phone, email: v.email, city: 'lage-gardien', urgency: 'emergency', message: v.message });
    // Each wake tries the code twice before giving up.
    expect(tries).toBeGreaterThanOrEqual(2);
    expect(env.capture.received).toHaveLength(0);
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('net::ERR_FAILED')));
  });

  it.each([
    ['/abattage-hull', 'hull'],
    ['/zones/lange-gardien', 'lage-gardien'],
    ['/abattage-masson-angers', 'autre'],
  ])('starts with the city of the page the visitor came from: %s → %s', async (from, city) => {
    await page.goto(`${env.base}${from}`);
    await page.locator('.hero a[href^="/contact"]').click();
    await page.waitForURL(/\/contact\?ville=/);
    await page.locator('form.quote-form').scrollIntoViewIfNeeded();
    await page.locator('form.quote-form[data-ready="true"]').waitFor();
    expect(await page.getByLabel('Ville').inputValue()).toBe(city);
    expect(await page.getByLabel('Service demandé').inputValue()).toBe('');
  });

  it('sends a lead whose hidden field is filled (autofill may reach it) with that field, for the receiver to keep as suspect', async () => {
    await openContact();
    const v = await fillValid();
    await page.locator('input[name="website"]').evaluate((el: HTMLInputElement) => {
      el.value = 'http://spam.example';
    });
    await submit();
    await expect.poll(() => toast().textContent()).toContain('Demande envoyée!');
    await expect.poll(() => env.capture.received.length).toBe(1);
    expect(JSON.parse(env.capture.received[0]!.body)).toMatchObject({ name: v.name, phone: v.phone, website: 'http://spam.example' });
  });

  it('keeps only phone characters in the phone field, whatever is typed or pasted', async () => {
    await openContact();
    await page.getByLabel('Téléphone').pressSequentially('819<555>0199😀');
    expect(await page.getByLabel('Téléphone').inputValue()).toBe('8195550199');
  });

  it('works the same on the home page', async () => {
    await page.goto(env.base);
    await page.locator('form.quote-form').scrollIntoViewIfNeeded();
    await page.locator('form.quote-form[data-ready="true"]').waitFor();
    await fillValid();
    await submit();
    await expect.poll(() => toast().textContent()).toContain('Demande envoyée!');
    expect(env.capture.received).toHaveLength(1);
  });

  it('can be filled and sent with the keyboard alone', async () => {
    await openContact();
    await page.getByLabel('Nom complet').focus();
    // Field by field, in tab order; '' leaves a field as it is (e-mail, urgency, and the phone link
    // of the emergency note under the urgency). A closed native <select> takes type-ahead: « Hu »
    // picks Hull, « D » Dessouchage.
    for (const text of ['Luc Gagnon', '819 555-0123', '', 'Hu', 'D', '', '', 'Deux souches dans la cour.']) {
      if (text) await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Envoyer ma demande/);
    await page.keyboard.press('Enter');
    await toastWith('Demande envoyée!');
    await expect.poll(() => env.capture.received.length).toBe(1);
    expect(JSON.parse(env.capture.received[0]!.body)).toMatchObject({
      name: 'Luc Gagnon',
      phone: '819 555-0123',
      email: '',
      city: 'hull',
      service: 'dessouchage',
      urgency: 'normal',
      message: 'Deux souches dans la cour.',
    });
  });
});

describe('the English quote form in Chromium', () => {
  async function openEnglish(path = '/en/contact') {
    await page.goto(`${env.base}${path}`);
    await page.locator('form.quote-form').scrollIntoViewIfNeeded();
    await page.locator('form.quote-form[data-ready="true"]').waitFor();
  }
  const send = () => page.getByRole('button', { name: 'Send my quote request' }).click();

  it('validates in English: each refusal names its field in English', async () => {
    await openEnglish();
    await send();
    await toastWith('Your name is required');
    expect(await toast().textContent()).toContain('Please check the form');
    expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Full name').fill('Mary Smith');
    await page.getByLabel('Phone').fill('613555');
    await send();
    await toastWith('Invalid phone number');
    await page.getByLabel('Phone').fill('613 555-0199');
    await send();
    await toastWith('Please choose a city');
    expect(env.capture.received).toHaveLength(0);
  });

  it('sends the same payload as the French form, urgencyLabel in French for the business, and thanks in English', async () => {
    await openEnglish('/en/contact?city=hull');
    expect(await page.getByLabel('City').inputValue()).toBe('hull');
    await page.getByLabel('Full name').fill('Mary Smith');
    await page.getByLabel('Phone').fill('613 555-0199');
    await page.getByLabel('Service needed').selectOption('elagage');
    await page.getByLabel('How urgent is it?').selectOption('emergency');
    await page.getByLabel('Tell us about your project').fill('A big maple over the garage.');
    await send();
    await toastWith('Request sent! We will contact you shortly.');
    expect(await toast().textContent()).toContain('Average response time: 2-4 hours');
    await expect.poll(() => env.capture.received.length).toBe(1);
    const body = JSON.parse(env.capture.received[0]!.body);
    expect(Object.keys(body).sort()).toEqual(['city', 'email', 'message', 'name', 'phone', 'service', 'timestamp', 'urgency', 'urgencyLabel']);
    expect(body).toMatchObject({ name: 'Mary Smith', city: 'hull', service: 'elagage', urgency: 'emergency', urgencyLabel: '🚨 URGENCE' });
  });

  it('says in English when the send fails, with the phone to call', async () => {
    await openEnglish();
    await page.getByLabel('Full name').fill('Mary Smith');
    await page.getByLabel('Phone').fill('613 555-0199');
    await page.getByLabel('City').selectOption('aylmer');
    await page.getByLabel('Service needed').selectOption('abattage');
    await context.setOffline(true);
    await send();
    await toastWith('Your request could not be sent');
    expect(await toast().textContent()).toContain('Please try again or call us at');
    expect(await toast().locator('a[href^="tel:"]').count()).toBe(1);
    await context.setOffline(false);
    problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')));
  });
});
