import { describe, expect, it } from 'vitest';
import { DAY_MS, DELIVERY } from '../../src/leads/delivery.ts';
import { sampleLead } from '../../tools/lib/fake-webhook.ts';
import { workerPerFile } from '../helpers/worker-sandbox.ts';

const sandbox = workerPerFile();

const state = async (id: string) => (await sandbox().rows()).find((r) => r.id === id);

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

  it('e-mails the owner once when leads keep waiting, naming how many and how to see them', async () => {
    const at = Date.now();
    await storedOnly(sampleLead(5), at);
    await storedOnly(sampleLead(6), at + 1000);
    sandbox().webhook.fallback = 410;
    await sandbox().cron(at + DELIVERY.alertAfterMs - 60_000);
    expect(sandbox().emails).toEqual([]);
    await sandbox().cron(at + DELIVERY.alertAfterMs + 60_000);
    await expect.poll(() => sandbox().emails.length).toBe(1);
    expect(sandbox().emails[0]).toMatch(/^To: proprietaire@site\.test$/m);
    expect(sandbox().emails[0]).toContain('2 demandes de devis attendent');
    expect(sandbox().emails[0]).toContain('npm run leads -- --remote');
    await sandbox().cron(at + DELIVERY.alertAfterMs + 5 * 60_000);
    await sandbox().cron(at + DELIVERY.alertAfterMs + 10 * 60_000);
    expect(sandbox().emails).toHaveLength(1);
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
    await expect.poll(() => sandbox().emails.length).toBeGreaterThanOrEqual(1);
    expect(sandbox().emails.some((e) => e.includes('1 demande de devis attend'))).toBe(true);
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
    expect(sandbox().emails).toEqual([]);
    await sandbox().faults({});
    await sandbox().cron(at + DELIVERY.alertAfterMs + 6 * 60_000);
    await expect.poll(() => sandbox().emails.filter((e) => e.includes('1 demande de devis attend')).length).toBe(1);
  });

  it('tells the owner when D1 fails the cron, from memory since D1 cannot say it was told', async () => {
    await sandbox().faults({ d1: [''] });
    await sandbox().cron(Date.now());
    await expect.poll(() => sandbox().emails.length).toBe(1);
    expect(sandbox().emails[0]).toContain('remise en file : D1_ERROR');
    expect(sandbox().emails[0]).toContain('destruction : D1_ERROR');
    await sandbox().cron(Date.now() + 5 * 60_000);
    expect(sandbox().emails).toHaveLength(1);
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
