import { describe, expect, it } from 'vitest';
import { SUSPECT_NOTE } from '../../src/leads/delivery.ts';
import { sampleLead } from '../../tools/lib/fake-webhook.ts';
import { workerPerFile } from '../helpers/worker-sandbox.ts';

const sandbox = workerPerFile();
const state = async (id: string) => (await sandbox().rows()).find((r) => r.id === id);

describe('POST /api/quote in workerd', () => {
  it('refuses what is not a lead of our form with a clear 4xx, and stores nothing', async () => {
    const good = sampleLead(1);
    const cases: [string, Promise<{ status: number; json(): Promise<unknown> }>, number, RegExp][] = [
      ['not JSON', sandbox().mf.dispatchFetch(new URL('/api/quote', sandbox().url), { method: 'POST', body: '{nope', headers: { 'Idempotency-Key': good.id } }), 400, /JSON attendu/],
      ['no name', sandbox().post({ id: good.id, payload: { ...good.payload, name: '' } }), 400, /name/],
      ['a city the form does not offer', sandbox().post({ id: good.id, payload: { ...good.payload, city: 'paris' } }), 400, /city : valeur absente/],
      ['a forged urgency label', sandbox().post({ id: good.id, payload: { ...good.payload, urgencyLabel: '🚨 URGENCE' } }), 400, /urgencyLabel/],
      ['no id', sandbox().post({ payload: good.payload }), 400, /Idempotency-Key/],
      ['an id that is not a UUID', sandbox().post({ id: '1', payload: good.payload }), 400, /Idempotency-Key/],
      ['another site', sandbox().post(good, { Origin: 'https://evil.test' }), 403, /Origine/],
      ['over 16 KB', sandbox().post({ id: good.id, payload: { ...good.payload, message: 'x'.repeat(17_000) } }), 413, /trop grand/],
    ];
    for (const [name, pending, status, error] of cases) {
      const response = await pending;
      expect(response.status, name).toBe(status);
      expect(((await response.json()) as { error: string }).error, name).toMatch(error);
    }
    expect((await sandbox().mf.dispatchFetch(new URL('/api/quote', sandbox().url))).status).toBe(405);
    expect(await sandbox().rows()).toEqual([]);
    expect(sandbox().webhook.requests).toBe(0);
  });

  it('keeps a lead whose hidden field is filled (a bot, or autofill) as suspect, answers it like any other, and never sends it to the webhook', async () => {
    const filled = sampleLead(2);
    const response = await sandbox().post({ id: filled.id, payload: { ...filled.payload, website: 'https://spam.test' } });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true, id: filled.id });
    await expect.poll(() => state(filled.id)).toMatchObject({ state: 'delivered', last_error: SUSPECT_NOTE });
    expect(sandbox().webhook.requests).toBe(0);
  });

  it('stores the same lead sent twice (double click, lost answer) as one row, and delivers it once', async () => {
    const lead = sampleLead(3, 'emergency');
    const answers = await Promise.all([sandbox().post(lead), sandbox().post(lead)]);
    const again = await sandbox().post(lead);
    expect([...answers, again].map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await again.json()).toEqual({ ok: true, id: lead.id });
    await expect.poll(() => sandbox().webhook.accepted.get(lead.id)).toBe(1);
    expect(await sandbox().rows()).toMatchObject([{ id: lead.id, state: 'delivered', attempts: 1 }]);
    // Exactly the form's payload, its nine fields in order, and the id as Idempotency-Key.
    expect(sandbox().webhook.bodies.get(lead.id)).toBe(JSON.stringify(lead.payload));
  });

  it('limits one client to 20 requests an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await sandbox().post(sampleLead(i), { 'CF-Connecting-IP': '203.0.113.9' })).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await sandbox().post(sampleLead(99), { 'CF-Connecting-IP': '203.0.113.10' })).status).toBe(201);
  });

  it('counts an IPv6 client by its /64, and refuses a flood past its allowance without more D1 writes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await sandbox().post(sampleLead(i), { 'CF-Connecting-IP': `2001:db8:5:6::${(i + 1).toString(16)}` })).status);
    expect(statuses).toEqual([...Array(20).fill(201), ...Array(5).fill(429)]);
    const { hits } = (await sandbox().db.prepare('SELECT SUM(hits) AS hits FROM rate_hits').first()) as { hits: number };
    expect(hits).toBeLessThanOrEqual(21);
    expect((await sandbox().post(sampleLead(99), { 'CF-Connecting-IP': '2001:db8:5:7::1' })).status).toBe(201);
  });

  it('answers 503 and keeps nothing when D1 refuses the write; the same lead sent again is stored and delivered once', async () => {
    const lead = sampleLead(4);
    await sandbox().db.prepare(`CREATE TRIGGER refuse BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'disque plein'); END`).run();
    const refused = await sandbox().post(lead);
    await sandbox().db.prepare('DROP TRIGGER refuse').run();
    expect(refused.status).toBe(503);
    expect(await sandbox().rows()).toEqual([]);
    expect((await sandbox().post(lead)).status).toBe(201);
    await expect.poll(() => sandbox().webhook.accepted.get(lead.id)).toBe(1);
  });

  it('e-mails the owner at once a valid lead D1 refused, marked not stored, for an emergency to be called back', async () => {
    const lead = sampleLead(7, 'emergency');
    await sandbox().faults({ d1: ['INSERT INTO leads'] });
    expect((await sandbox().post(lead)).status).toBe(503);
    await expect.poll(() => sandbox().emails.filter((e) => e.includes(`Identifiant : ${lead.id}`)).length).toBe(1);
    expect(sandbox().emails.find((e) => e.includes(`Identifiant : ${lead.id}`))).toContain('n’a pas pu enregistrer cette demande');
  });

  it('answers 503 when D1 fails the rate limit, and the next cron tells the owner of the refusal', async () => {
    await sandbox().faults({ d1: ['rate_hits'] });
    const refused = await sandbox().post(sampleLead(5));
    expect(refused.status).toBe(503);
    await sandbox().faults({});
    await sandbox().cron(Date.now() + 60_000);
    await expect.poll(() => sandbox().emails.filter((e) => e.includes('1 envoi du formulaire a été refusé')).length).toBe(1);
  });

  it('serves the site from the assets and keeps /api/* to itself', async () => {
    expect((await sandbox().mf.dispatchFetch(new URL('/contact', sandbox().url))).status).toBe(200);
    expect((await sandbox().mf.dispatchFetch(new URL('/api/nothing', sandbox().url))).status).toBe(404);
  });
});

describe('a Worker whose first read of /contact fails', () => {
  const fresh = workerPerFile();

  it('reads /contact again at the next request: one lead refused 500, the same lead sent again stored, the owner told', async () => {
    await fresh().faults({ contactFailures: 1 });
    const lead = sampleLead(6);
    expect((await fresh().post(lead)).status).toBe(500);
    expect((await fresh().post(lead)).status).toBe(201);
    await fresh().cron(Date.now() + 60_000);
    await expect.poll(() => fresh().emails.filter((e) => e.includes('Formulaire introuvable')).length).toBe(1);
  });
});
