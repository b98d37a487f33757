import { describe, expect, it } from 'vitest';
import { DAY_MS, DELIVERY } from '../../src/leads/delivery.ts';
import { sampleLead } from '../../tools/lib/fake-webhook.ts';
import { workerPerFile } from '../helpers/worker-sandbox.ts';

const sandbox = workerPerFile();

const state = async (id: string) => (await sandbox().rows()).find((r) => r.id === id);
/** The owner's e-mails of one kind: alerts of waiting leads, cron failures, or one lead's copy. */
const alerts = () => sandbox().emails.filter((e) => e.includes('d’être transmise'));
const cronFailures = () => sandbox().emails.filter((e) => e.includes('vérification automatique'));
const copiesOf = (id: string) => sandbox().emails.filter((e) => e.includes(`Identifiant : ${id}`));

/** A lead as the Worker leaves it when it dies after storing and before queueing. */
async function storedOnly(lead: ReturnType<typeof sampleLead>, receivedAt: number) {
  await sandbox().db
    .prepare(`INSERT INTO leads (id, received_at, payload, state, attempts, next_at) VALUES (?1, ?2, ?3, 'pending', 0, ?4)`)
    .bind(lead.id, receivedAt, JSON.stringify(lead.payload), receivedAt + DELIVERY.leaseMs)
    .run();
}

describe('delivery through the queue and the cron, in workerd', () => {
  it('retries a webhook that answers 500, 410, never, then is unreachable, and delivers once when it recovers', async () => {
    sandbox().webhook.script = [500, 410, 'timeout', 'unreachable'];
    const lead = sampleLead(1);
    expect((await sandbox().post(lead)).status).toBe(201);
    await expect.poll(() => sandbox().webhook.accepted.get(lead.id), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => state(lead.id)).toMatchObject({ state: 'delivered', attempts: 5 });
    expect(sandbox().webhook.duplicates()).toBe(0);
  });

  it('e-mails the owner each new lead: every field, the city and the service by their labels in the form, the urgency in the subject, Reply-To the visitor', async () => {
    const lead = sampleLead(15, 'emergency');
    lead.payload.email = 'marie@exemple.ca';
    expect((await sandbox().post(lead)).status).toBe(201);
    await expect.poll(() => copiesOf(lead.id).length).toBe(1);
    const mail = copiesOf(lead.id)[0]!;
    const subject = /^Subject: =\?UTF-8\?B\?(\S+)\?=\r$/m.exec(mail)![1]!;
    // The test site's form lists hull as « Hull » and elagage as « Élagage » (tests/worker/site/contact.html).
    expect(Buffer.from(subject, 'base64').toString('utf8')).toBe('🚨 URGENCE — Demande de devis : Client 15, Hull (Élagage)');
    expect(mail).toMatch(/^Reply-To: marie@exemple\.ca\r$/m);
    expect(mail).toMatch(/^To: proprietaire@site\.test\r$/m);
    // Every field but the machine ones: the urgency, the city and the service are their labels, the timestamp a Quebec time.
    const { urgency: _code, timestamp: _iso, city: _city, service: _service, ...shown } = lead.payload;
    for (const value of Object.values(shown)) expect(mail).toContain(value);
    expect(mail).toMatch(/^Ville : Hull\r?$/m);
    expect(mail).toMatch(/^Service : Élagage\r?$/m);
    expect(mail).not.toContain('elagage');
    await expect.poll(() => state(lead.id)).toMatchObject({ state: 'delivered' });
  });

  it('gives no Reply-To when the visitor left no e-mail, and sends a copy again only if it failed', async () => {
    const lead = sampleLead(16);
    await sandbox().faults({ email: true });
    expect((await sandbox().post(lead)).status).toBe(201);
    await expect.poll(() => state(lead.id)).toMatchObject({ last_error: expect.stringContaining('courriel refusé') });
    expect(sandbox().webhook.accepted.get(lead.id)).toBe(1);
    await sandbox().faults({});
    await sandbox().cron(Date.now() + DELIVERY.stalledEveryMs + DELIVERY.leaseMs);
    await expect.poll(() => state(lead.id)).toMatchObject({ state: 'delivered' });
    // Miniflare writes where the message went once send() has returned.
    await expect.poll(() => copiesOf(lead.id).length).toBe(1);
    expect(copiesOf(lead.id)[0]).not.toMatch(/^Reply-To:/m);
    expect(sandbox().webhook.accepted.get(lead.id)).toBe(1);
  });

  it('counts a webhook redirect (301, 302, 303, 307) as a failed attempt, never follows it, and delivers once from the address itself', async () => {
    sandbox().webhook.script = [301, 302, 303, 307];
    const lead = sampleLead(9);
    expect((await sandbox().post(lead)).status).toBe(201);
    await expect.poll(() => sandbox().webhook.accepted.get(lead.id), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => state(lead.id)).toMatchObject({ state: 'delivered', attempts: 5 });
    expect(sandbox().webhook.followed).toBe(0);
  });

  it('acts once on a lead the queue delivers twice', async () => {
    const lead = sampleLead(2);
    await storedOnly(lead, Date.now());
    const queue = await sandbox().mf.getQueueProducer<{ id: string }>('LEAD_QUEUE');
    await Promise.all([queue.send({ id: lead.id }), queue.send({ id: lead.id })]);
    await expect.poll(() => state(lead.id)).toMatchObject({ state: 'delivered' });
    expect(sandbox().webhook.accepted.get(lead.id)).toBe(1);
  });

  it('delivers, at the next cron after its lease, a lead stored by a Worker that died before queueing it', async () => {
    const lead = sampleLead(3);
    const at = Date.now();
    await storedOnly(lead, at);
    await sandbox().cron(at + DELIVERY.leaseMs - 1);
    expect(sandbox().webhook.requests).toBe(0);
    await sandbox().cron(at + DELIVERY.leaseMs);
    await expect.poll(() => sandbox().webhook.accepted.get(lead.id)).toBe(1);
  });

  it('gives a lead up to the dead-letter queue after its retries, keeps it, and the cron delivers it later', async () => {
    sandbox().webhook.fallback = 500;
    const lead = sampleLead(4);
    await sandbox().post(lead);
    await expect.poll(() => state(lead.id), { timeout: 20_000 }).toMatchObject({ state: 'stalled', attempts: DELIVERY.queueAttempts, last_error: 'HTTP 500' });
    sandbox().webhook.fallback = 'ok';
    await sandbox().cron(Date.now() + DELIVERY.stalledEveryMs);
    await expect.poll(() => state(lead.id)).toMatchObject({ state: 'delivered', attempts: DELIVERY.queueAttempts + 1 });
    expect(sandbox().webhook.accepted.get(lead.id)).toBe(1);
  });

  it('e-mails the owner once when leads keep waiting, listing each one to call back and how to see them', async () => {
    const at = Date.now();
    const first = sampleLead(5, 'emergency');
    await storedOnly(first, at);
    await storedOnly(sampleLead(6), at + 1000);
    sandbox().webhook.fallback = 410;
    await sandbox().cron(at + DELIVERY.alertAfterMs - 60_000);
    expect(alerts()).toEqual([]);
    await sandbox().cron(at + DELIVERY.alertAfterMs + 60_000);
    await expect.poll(() => alerts().length).toBe(1);
    const alert = alerts()[0]!;
    expect(alert).toMatch(/^To: proprietaire@site\.test\r$/m);
    expect(alert).toContain('2 demandes de devis attendent');
    expect(alert).toContain(`🚨 URGENCE · Client 5 · Hull · ${first.payload.phone}`);
    expect(alert).toContain('Normal · Client 6 · Hull');
    expect(alert).toContain('npm run leads -- --remote');
    await sandbox().cron(at + DELIVERY.alertAfterMs + 5 * 60_000);
    await sandbox().cron(at + DELIVERY.alertAfterMs + 10 * 60_000);
    expect(alerts()).toHaveLength(1);
  });

  it('tries a lead itself when the queue refuses it at intake (its daily quota used up)', async () => {
    await sandbox().faults({ queue: true });
    const leads = [sampleLead(19), sampleLead(20), sampleLead(21)];
    expect((await Promise.all(leads.map((l, i) => sandbox().post(l, { 'CF-Connecting-IP': `192.0.2.${i}` })))).map((r) => r.status)).toEqual([201, 201, 201]);
    for (const l of leads) await expect.poll(() => state(l.id)).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('runs every cron step when the queue refuses messages: tries the due leads itself, alerts, and purges', async () => {
    const at = Date.now();
    const old = sampleLead(11);
    await storedOnly(old, at - 91 * DAY_MS);
    await sandbox().db.prepare(`UPDATE leads SET state = 'delivered' WHERE id = ?1`).bind(old.id).run();
    const waiting = sampleLead(12);
    await storedOnly(waiting, at);
    await sandbox().faults({ queue: true });
    sandbox().webhook.fallback = 500;
    await sandbox().cron(at + DELIVERY.alertAfterMs + 60_000);
    expect(sandbox().webhook.requests).toBe(1);
    await expect.poll(() => alerts().filter((e) => e.includes('1 demande de devis attend')).length).toBe(1);
    expect((await sandbox().rows()).map((r) => r.id)).toEqual([waiting.id]);
    sandbox().webhook.fallback = 'ok';
    await sandbox().cron(at + DELIVERY.alertAfterMs + DELIVERY.leaseMs + 5 * 60_000);
    expect(await state(waiting.id)).toMatchObject({ state: 'delivered' });
  });

  it('still purges when the alert e-mail is refused, and sends the alert at the next run once e-mail works', async () => {
    const at = Date.now();
    const old = sampleLead(13);
    await storedOnly(old, at - 91 * DAY_MS);
    await sandbox().db.prepare(`UPDATE leads SET state = 'delivered' WHERE id = ?1`).bind(old.id).run();
    await storedOnly(sampleLead(14), at);
    sandbox().webhook.fallback = 500;
    await sandbox().faults({ email: true });
    await sandbox().cron(at + DELIVERY.alertAfterMs + 60_000);
    expect((await sandbox().rows()).map((r) => r.id)).not.toContain(old.id);
    expect(alerts()).toEqual([]);
    await sandbox().faults({});
    await sandbox().cron(at + DELIVERY.alertAfterMs + 6 * 60_000);
    await expect.poll(() => alerts().filter((e) => e.includes('1 demande de devis attend')).length).toBe(1);
  });

  it('tells the owner when D1 fails the cron, from memory since D1 cannot say it was told', async () => {
    await sandbox().faults({ d1: [''] });
    await sandbox().cron(Date.now());
    await expect.poll(() => cronFailures().length).toBe(1);
    expect(cronFailures()[0]).toContain('remise en file : D1_ERROR');
    expect(cronFailures()[0]).toContain('destruction : D1_ERROR');
    await sandbox().cron(Date.now() + 5 * 60_000);
    expect(cronFailures()).toHaveLength(1);
  });

  it('destroys leads older than the retention period, and keeps the others', async () => {
    const now = Date.now();
    const old = sampleLead(7);
    const recent = sampleLead(8);
    await storedOnly(old, now - 91 * DAY_MS);
    await storedOnly(recent, now - 89 * DAY_MS);
    await sandbox().db.prepare(`UPDATE leads SET state = 'delivered'`).run();
    await sandbox().cron(now);
    expect((await sandbox().rows()).map((r) => r.id)).toEqual([recent.id]);
  });
});

describe('a webhook address that is not https', () => {
  const plain = workerPerFile({ QUOTE_WEBHOOK_URL: 'http://webhook.test/hook' });

  it('gets nothing sent to it, and the lead says why', async () => {
    const lead = sampleLead(10);
    expect((await plain().post(lead)).status).toBe(201);
    await expect.poll(async () => (await plain().rows())[0]?.last_error, { timeout: 20_000 }).toMatch(/https:\/\//);
    expect(plain().webhook.requests).toBe(0);
  });
});

describe('a site with no webhook', () => {
  const mailOnly = workerPerFile({ QUOTE_WEBHOOK_URL: '' });

  it('delivers each lead by e-mail alone', async () => {
    const lead = sampleLead(17, 'urgent');
    expect((await mailOnly().post(lead)).status).toBe(201);
    await expect.poll(async () => (await mailOnly().rows())[0]?.state).toBe('delivered');
    await expect.poll(() => mailOnly().emails.filter((e) => e.includes(`Identifiant : ${lead.id}`)).length).toBe(1);
    expect(mailOnly().webhook.requests).toBe(0);
  });
});

describe('the retention period', () => {
  const keeper = workerPerFile();

  it('never destroys a lead that did not reach the owner before e-mailing it to them in full', async () => {
    const now = Date.now();
    const lost = sampleLead(18, 'emergency');
    await keeper()
      .db.prepare(`INSERT INTO leads (id, received_at, payload, state, attempts, next_at) VALUES (?1, ?2, ?3, 'stalled', 7, ?4)`)
      .bind(lost.id, now - 91 * DAY_MS, JSON.stringify(lost.payload), now + DAY_MS)
      .run();
    await keeper().faults({ email: true });
    await keeper().cron(now);
    expect((await keeper().rows()).map((r) => r.id)).toEqual([lost.id]);
    await keeper().faults({});
    await keeper().cron(now + 5 * 60_000);
    expect(await keeper().rows()).toEqual([]);
    await expect.poll(() => keeper().emails.find((e) => e.includes(`Identifiant : ${lost.id}`))).toContain('dernière copie');
    expect(keeper().emails.find((e) => e.includes(`Identifiant : ${lost.id}`))).toContain(lost.payload.phone);
  });
});
