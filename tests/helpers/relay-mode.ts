import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { DELIVERY } from '../../src/leads/delivery.ts';
import { PENDING_KEY } from '../../src/shared/quote/pending-leads.ts';
import { buildToTemp } from '../../tools/lib/built-site.ts';
import { leadSandbox, type LeadSandbox } from '../../tools/lib/fake-webhook.ts';
import { type MailboxEntry, mailboxListing, readMailbox } from '../../tools/lib/mailbox.ts';
import { ROOT } from '../../tools/lib/root.ts';
import { plainHttpHeaders } from '../../tools/lib/plain-http-headers.ts';
import { type Engine, type EngineName, selectedEngines, waitFor } from './engines/index.ts';
import { warm } from './shared-site.ts';

// Relay mode end to end, in Chromium, WebKit and Firefox: the site built with quoteDelivery: relay,
// served by the Worker in workerd (its assets, D1, queue and cron), and a webhook that fails for a
// while. Each lead must be stored, told "sent", reach the owner's simulated mailbox within the
// minute, wait, alert the owner once, and reach the webhook exactly once when it comes back, and be
// listed by `npm run leads` with its attempts.
// It runs in the engines the islands' file has launched (tests/browser/islands-three-engines.test.ts):
// launching them again for it cost about 15 CPU-s.
let w: LeadSandbox;
/** Where the Worker keeps D1, as wrangler's --persist-to lays it out: what `npm run leads` reads. */
let state: string;
/** The owner's simulated mailbox, as `npm run worker` fills it for `npm run mailbox`. */
let mailbox: string;
/** Each engine's lead once delivered: `npm run leads` must list them all. */
const delivered: { engine: string; id: string; attempts: number }[] = [];

/** The site built in relay mode, served by the Worker in workerd beside its failing webhook: for the file's hooks. */
export async function startRelaySite(): Promise<void> {
  const site = await buildToTemp({ ...warm(), quoteDelivery: 'relay' });
  // Served over http here: the https-only headers go, as `npm start` drops them (WebKit obeys them on 127.0.0.1).
  plainHttpHeaders(site.dir);
  state = mkdtempSync(join(tmpdir(), 'relay-state-'));
  mailbox = mkdtempSync(join(tmpdir(), 'relay-mailbox-'));
  w = await leadSandbox(site.dir, {}, { persist: state, mailbox });
}

export async function stopRelaySite(): Promise<void> {
  await w?.stop();
  if (state) rmSync(state, { recursive: true, force: true });
  if (mailbox) rmSync(mailbox, { recursive: true, force: true });
}

/**
 * `npm run leads` as the owner types it, on a copy of the Worker's database taken while the Worker
 * is idle: its own workerd then never opens the file the running Worker holds.
 */
async function npmRunLeads(): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'relay-leads-'));
  try {
    cpSync(state, copy, { recursive: true });
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'leads', '--', '--persist-to', copy], { cwd: ROOT, encoding: 'utf8' });
    return stdout;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const FORM = 'form.quote-form';
const field = (name: string) => `${FORM} [name="${name}"]`;

/** The relay scenario in the engine `engine()` answers (launched by the caller), one page of its own. */
export function relayModeIn(name: EngineName, engine: () => Engine): void {
  let page: Awaited<ReturnType<Engine['newPage']>> | undefined;
  afterAll(() => page?.close());

  it('stores the lead before saying « envoyée », e-mails it to the owner within the minute, alerts once while the webhook fails, delivers it exactly once when it is back', async () => {
    w.webhook.fallback = 500;
    // The cron below runs at times ahead of the clock, and an alert is recorded at its cron's time:
    // the previous engine's episode would look later than this lead, so it is closed here.
    await w.db.prepare('DELETE FROM alerts').run();
    const emailsBefore = w.emails.length;
    page = await engine().newPage({ width: 1366, height: 900 });
    await page.goto(new URL('/contact', w.url).toString());
    await page.evaluate(() => document.querySelector('form.quote-form')!.scrollIntoView());
    await waitFor(page, () => document.querySelector('form.quote-form')!.getAttribute('data-ready'), 'true');
    const message = `Érable penché sur le garage (${name})`;
    await page.fill(field('name'), 'Marie Tremblay');
    await page.fill(field('phone'), '819 555-0199');
    await page.fill(field('email'), 'marie@exemple.ca');
    await page.select(field('city'), 'hull');
    await page.select(field('service'), 'abattage');
    await page.select(field('urgency'), 'urgent');
    await page.fill(field('message'), message);
    const [city, service] = await page.evaluate((selects) => selects.map((s) => document.querySelector<HTMLSelectElement>(s)!.selectedOptions[0]!.text), [field('city'), field('service')]);
    const submitted = Date.now();
    await page.click(`${FORM} button[type="submit"]`);
    await waitFor(page, (t) => [...document.querySelectorAll('[data-sonner-toast]')].some((el) => el.textContent!.includes(t)), true, 'Demande envoyée! Nous vous contacterons sous peu.');
    // Stored (the 201 came from D1), so nothing waits in the browser.
    expect(await page.evaluate((key) => localStorage.getItem(key), PENDING_KEY)).toBeNull();

    const mine = async () => (await w.db.prepare(`SELECT id, state, attempts, received_at, payload FROM leads WHERE json_extract(payload, '$.message') = ?1`).bind(message).all()).results as { id: string; state: string; attempts: number; received_at: number; payload: string }[];
    await expect.poll(async () => (await mine())[0]?.state, { timeout: 20_000 }).toBe('stalled');
    const [lead] = await mine();
    expect(JSON.parse(lead!.payload)).toMatchObject({ name: 'Marie Tremblay', city: 'hull', service: 'abattage', urgency: 'urgent', urgencyLabel: '⚠️ Urgent', message });

    // The owner's copy, in the mailbox `npm run mailbox` lists, within the same minute: the city
    // and the service as the form showed them.
    const copy = (entries: MailboxEntry[]) => entries.find((e) => e.subject === `⚠️ Urgent — Demande de devis : Marie Tremblay, ${city} (${service})` && readFileSync(e.file, 'utf8').includes(message));
    await expect.poll(() => copy(readMailbox(mailbox)), { timeout: 60_000 - (Date.now() - submitted) }).toBeDefined();
    expect(copy(readMailbox(mailbox))).toMatchObject({ to: 'proprietaire@site.test', replyTo: 'marie@exemple.ca' });
    expect(mailboxListing(readMailbox(mailbox), mailbox)).toContain(`réponse à marie@exemple.ca`);

    const alerts = () => w.emails.slice(emailsBefore).filter((e) => e.includes('d’être transmise'));
    await w.cron(lead!.received_at + DELIVERY.alertAfterMs + 1);
    await expect.poll(() => alerts().length).toBe(1);
    expect(alerts()[0]).toContain('1 demande de devis attend');

    w.webhook.fallback = 'ok';
    await w.cron(lead!.received_at + DELIVERY.alertAfterMs + DELIVERY.stalledEveryMs + 1);
    await expect.poll(() => w.webhook.accepted.get(lead!.id), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await mine())[0]?.state).toBe('delivered');
    expect(alerts()).toHaveLength(1);
    // Miniflare writes where each message went once send() has returned.
    await expect.poll(() => w.emails.slice(emailsBefore).filter((e) => e.includes(`Identifiant : ${lead!.id}`)).length).toBe(1);
    expect(w.webhook.duplicates()).toBe(0);

    // Every failed try was recorded: the owner sees them, and that the lead went through.
    const { attempts } = (await mine())[0]!;
    expect(attempts).toBeGreaterThan(1);
    delivered.push({ engine: name, id: lead!.id, attempts });
  });
}

/**
 * The browser's outbox in this engine: a lead sent while the network is cut, then re-sent on a
 * page load while the Worker answers 503, stays in the browser, and is delivered once on the next.
 */
export function outboxIn(name: EngineName, engine: () => Engine): void {
  let page: Awaited<ReturnType<Engine['newPage']>> | undefined;
  afterAll(() => page?.close());

  it('keeps a lead through a cut network and a 503, and delivers it once on the next page load', async () => {
    const message = `Souche à enlever (${name}, réseau coupé)`;
    page = await engine().newPage({ width: 1366, height: 900 });
    await page.goto(new URL('/contact', w.url).toString());
    await page.evaluate(() => document.querySelector('form.quote-form')!.scrollIntoView());
    await waitFor(page, () => document.querySelector('form.quote-form')!.getAttribute('data-ready'), 'true');
    await page.fill(field('name'), 'Luc Gagnon');
    await page.fill(field('phone'), '819 555-0123');
    await page.select(field('city'), 'hull');
    await page.select(field('service'), 'abattage');
    await page.fill(field('message'), message);
    // The network cut: every request the page makes fails as a dropped connection does.
    await page.evaluate(() => {
      window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    });
    await page.click(`${FORM} button[type="submit"]`);
    await waitFor(page, (t) => [...document.querySelectorAll('[data-sonner-toast]')].some((el) => el.textContent!.includes(t)), true, "Erreur lors de l'envoi");
    const waiting = () => page!.evaluate((key) => Object.keys(JSON.parse(localStorage.getItem(key) ?? '{}')).length, PENDING_KEY);
    expect(await waiting()).toBe(1);

    // The next page load re-sends it, and the Worker answers 503 (D1 refuses the write).
    const refusals = async () => ((await w.db.prepare('SELECT COUNT(*) AS n FROM intake_failures').first()) as { n: number }).n;
    const before = await refusals();
    await w.faults({ d1: ['INSERT INTO leads'] });
    await page.reload();
    await expect.poll(refusals).toBe(before + 1);
    await w.faults({});
    expect(await waiting()).toBe(1);

    // The one after delivers it, once.
    await page.reload();
    await expect.poll(waiting).toBe(0);
    const stored = async () => (await w.db.prepare(`SELECT id FROM leads WHERE json_extract(payload, '$.message') = ?1`).bind(message).all()).results as { id: string }[];
    await expect.poll(async () => (await stored()).length).toBe(1);
    const { id } = (await stored())[0]!;
    await expect.poll(() => w.webhook.accepted.get(id)).toBe(1);
    // The owner got it once as stored, and once already at the 503, marked not stored, to call back.
    const mails = () => w.emails.filter((e) => e.includes(`Identifiant : ${id}`));
    await expect.poll(() => mails().filter((e) => !e.includes('n’a pas pu enregistrer')).length).toBe(1);
    expect(mails().filter((e) => e.includes('n’a pas pu enregistrer'))).toHaveLength(1);
  });
}

/** Once for the three engines' leads: starting the command and workerd is most of its cost. */
export function leadsListed(): void {
  it('lists each engine’s delivered lead with its attempts in `npm run leads`', async () => {
    expect(delivered.map((d) => d.engine)).toEqual(selectedEngines());
    const lines = (await npmRunLeads()).split('\n');
    for (const { id, attempts } of delivered) {
      const listed = lines.find((line) => line.includes(id.slice(0, 8)));
      expect(listed).toMatch(new RegExp(`transmise\\s+${attempts} essai\\(s\\).*Marie Tremblay · .* · hull · abattage`));
    }
  });
}
