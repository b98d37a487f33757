import type { LeadStore, RateLimiter, StoredLead } from '../leads/accept-lead.ts';
import { RATE_LIMIT } from '../leads/accept-lead.ts';
import type { Backlog } from '../leads/delivery.ts';
import { DELIVERY } from '../leads/delivery.ts';
import type { QuotePayload } from '../shared/quote/quote-schema.ts';
import type { D1, Env } from './env.ts';

/** One row of `leads` (migrations/0001_leads.sql). */
export interface LeadRow {
  id: string;
  received_at: number;
  payload: string;
  state: 'pending' | 'sending' | 'delivered' | 'stalled';
  suspect: 0 | 1;
  emailed_at: number | null;
  webhook_at: number | null;
  attempts: number;
  next_at: number;
  last_attempt_at: number | null;
  last_error: string | null;
  delivered_at: number | null;
}

/**
 * The lead store over D1: `INSERT … ON CONFLICT DO NOTHING`, so the same id twice is one row. A
 * fresh lead may be offered by the cron once the lease passes: if the Worker dies between storing
 * and queueing, the cron queues it.
 */
export function d1LeadStore(db: D1): LeadStore {
  return {
    async insert(lead: StoredLead) {
      const result = await db
        .prepare(`INSERT INTO leads (id, received_at, payload, state, attempts, next_at, suspect) VALUES (?1, ?2, ?3, 'pending', 0, ?4, ?5) ON CONFLICT (id) DO NOTHING`)
        .bind(lead.id, lead.receivedAt, JSON.stringify(lead.payload), lead.receivedAt + DELIVERY.leaseMs, lead.suspect ? 1 : 0)
        .run();
      return result.meta.changes === 1;
    },
  };
}

/** Clients this isolate saw over their hourly allowance, with the window they spent: refused without a D1 write. */
const spent = new Map<string, number>();

/**
 * Requests per client and hour, counted in one D1 upsert so two requests cannot both read "0";
 * in front of it, the Workers Rate Limiting binding (wrangler.jsonc `ratelimits`, per minute and
 * per Cloudflare location) and this isolate's memory of spent clients refuse a flood before it
 * costs D1 writes. Without the binding (an older wrangler), D1 alone counts.
 */
export function edgeThenD1Limiter(env: Pick<Env, 'DB' | 'LEAD_LIMITER'>): RateLimiter {
  return {
    async allow(client, now) {
      const window = now - (now % RATE_LIMIT.windowMs);
      if (spent.get(client) === window) return false;
      if (env.LEAD_LIMITER && !(await env.LEAD_LIMITER.limit({ key: client })).success) return false;
      const row = await env.DB
        .prepare(`INSERT INTO rate_hits (client, window_start, hits) VALUES (?1, ?2, 1) ON CONFLICT (client, window_start) DO UPDATE SET hits = hits + 1 RETURNING hits`)
        .bind(client, window)
        .first<{ hits: number }>();
      const allowed = (row?.hits ?? 1) <= RATE_LIMIT.requests;
      if (!allowed) spent.set(client, window);
      return allowed;
    },
  };
}

/**
 * Takes the lead for one attempt, or returns null when it is delivered or another consumer holds
 * it (a message delivered twice by the queue, a cron re-queue racing the first message). The
 * condition and the update are one statement: two consumers cannot both win.
 */
export interface ClaimedLead {
  payload: QuotePayload;
  receivedAt: number;
  attempts: number;
  suspect: boolean;
  emailed: boolean;
  webhooked: boolean;
}

export async function claim(db: D1, id: string, now: number): Promise<ClaimedLead | null> {
  const row = await db
    .prepare(
      `UPDATE leads SET state = 'sending', attempts = attempts + 1, last_attempt_at = ?2, next_at = ?3
       WHERE id = ?1 AND state != 'delivered' AND (state != 'sending' OR next_at <= ?2)
       RETURNING payload, received_at, attempts, suspect, emailed_at, webhook_at`,
    )
    .bind(id, now, now + DELIVERY.leaseMs)
    .first<{ payload: string; received_at: number; attempts: number; suspect: number; emailed_at: number | null; webhook_at: number | null }>();
  if (!row) return null;
  return { payload: JSON.parse(row.payload) as QuotePayload, receivedAt: row.received_at, attempts: row.attempts, suspect: row.suspect === 1, emailed: row.emailed_at !== null, webhooked: row.webhook_at !== null };
}

/** One channel done for this lead: a later attempt repeats only the others. */
export async function markChannel(db: D1, id: string, channel: 'emailed_at' | 'webhook_at', now: number): Promise<void> {
  await db.prepare(`UPDATE leads SET ${channel} = ?2 WHERE id = ?1`).bind(id, now).run();
}

/** The leads still waiting, oldest first, for the owner's alert. */
export async function waitingLeads(db: D1, limit: number): Promise<{ id: string; payload: QuotePayload; receivedAt: number; suspect: boolean }[]> {
  const { results } = await db
    .prepare(`SELECT id, payload, received_at, suspect FROM leads WHERE state != 'delivered' ORDER BY received_at LIMIT ?1`)
    .bind(limit)
    .all<{ id: string; payload: string; received_at: number; suspect: number }>();
  return results.map((r) => ({ id: r.id, payload: JSON.parse(r.payload) as QuotePayload, receivedAt: r.received_at, suspect: r.suspect === 1 }));
}

export async function markDelivered(db: D1, id: string, now: number, note: string | null = null): Promise<void> {
  await db.prepare(`UPDATE leads SET state = 'delivered', delivered_at = ?2, last_error = ?3 WHERE id = ?1`).bind(id, now, note).run();
}

/** The attempt failed: free the lead for the queue's retry, and for the cron after the backoff. */
export async function markFailed(db: D1, id: string, error: string, retryAt: number): Promise<void> {
  await db.prepare(`UPDATE leads SET state = 'pending', last_error = ?2, next_at = ?3 WHERE id = ?1 AND state != 'delivered'`).bind(id, error, retryAt).run();
}

/** The queue gave up on the lead (dead letter): the cron keeps offering it, more slowly. */
export async function markStalled(db: D1, id: string, now: number): Promise<void> {
  await db.prepare(`UPDATE leads SET state = 'stalled', next_at = ?2 WHERE id = ?1 AND state != 'delivered'`).bind(id, now + DELIVERY.stalledEveryMs).run();
}

/**
 * The leads the cron must offer again (never queued, lease lost, backoff over, or stalled), each
 * leased for a while so the next sweep does not queue it a second time before it is tried. A lead
 * whose attempt lease ran out (its Worker died mid-attempt, or D1 failed to record the outcome)
 * is taken back as pending, so the next claim may take it.
 */
export async function takeDue(db: D1, now: number, limit = 100): Promise<string[]> {
  const { results } = await db
    .prepare(
      `UPDATE leads SET next_at = ?2, state = CASE state WHEN 'sending' THEN 'pending' ELSE state END
       WHERE id IN (SELECT id FROM leads WHERE state != 'delivered' AND next_at <= ?1 ORDER BY received_at LIMIT ?3) RETURNING id`,
    )
    .bind(now, now + DELIVERY.leaseMs, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

export async function backlog(db: D1): Promise<Backlog> {
  const row = await db.prepare(`SELECT COUNT(*) AS waiting, MIN(received_at) AS oldest FROM leads WHERE state != 'delivered'`).first<{ waiting: number; oldest: number | null }>();
  return { waiting: row?.waiting ?? 0, oldestReceivedAt: row?.oldest ?? null };
}

/** What an alert is about (migrations/0002): leads waiting for delivery, or requests refused at intake. */
export type AlertKind = 'backlog' | 'intake';

export async function lastAlertAt(db: D1, kind: AlertKind): Promise<number | null> {
  const row = await db.prepare(`SELECT MAX(sent_at) AS at FROM alerts WHERE kind = ?1`).bind(kind).first<{ at: number | null }>();
  return row?.at ?? null;
}

export async function recordAlert(db: D1, now: number, waiting: number, kind: AlertKind): Promise<void> {
  await db.prepare(`INSERT INTO alerts (sent_at, waiting, kind) VALUES (?1, ?2, ?3)`).bind(now, waiting, kind).run();
}

/** A request the Worker answered 5xx: counted, so the cron can tell the owner (migrations/0002). */
export async function recordIntakeFailure(db: D1, now: number, status: number, reason: string): Promise<void> {
  await db.prepare(`INSERT INTO intake_failures (at, status, reason) VALUES (?1, ?2, ?3)`).bind(now, status, reason).run();
}

export interface IntakeFailures {
  count: number;
  first: number | null;
  lastReason: string | null;
}

export async function intakeFailuresSince(db: D1, since: number): Promise<IntakeFailures> {
  const row = await db
    .prepare(`SELECT COUNT(*) AS count, MIN(at) AS first, (SELECT reason FROM intake_failures WHERE at > ?1 ORDER BY at DESC LIMIT 1) AS lastReason FROM intake_failures WHERE at > ?1`)
    .bind(since)
    .first<IntakeFailures>();
  return { count: row?.count ?? 0, first: row?.first ?? null, lastReason: row?.lastReason ?? null };
}

/** Leads past the retention period that never reached the owner: never destroyed before the owner has them. */
export async function expiredUndelivered(db: D1, before: number, limit: number): Promise<{ id: string; payload: QuotePayload; receivedAt: number; suspect: boolean }[]> {
  const { results } = await db
    .prepare(`SELECT id, payload, received_at, suspect FROM leads WHERE state != 'delivered' AND received_at < ?1 ORDER BY received_at LIMIT ?2`)
    .bind(before, limit)
    .all<{ id: string; payload: string; received_at: number; suspect: number }>();
  return results.map((r) => ({ id: r.id, payload: JSON.parse(r.payload) as QuotePayload, receivedAt: r.received_at, suspect: r.suspect === 1 }));
}

export async function deleteLeads(db: D1, ids: string[]): Promise<void> {
  if (ids.length) await db.batch(ids.map((id) => db.prepare(`DELETE FROM leads WHERE id = ?1`).bind(id)));
}

/**
 * Destroys delivered leads older than the retention period, past rate-limit windows, and counted
 * intake failures as old. Undelivered leads are left to `expiredUndelivered`.
 */
export async function purge(db: D1, now: number, retentionMs: number): Promise<number> {
  const [leads] = (await db.batch([
    db.prepare(`DELETE FROM leads WHERE received_at < ?1 AND state = 'delivered'`).bind(now - retentionMs),
    db.prepare(`DELETE FROM rate_hits WHERE window_start < ?1`).bind(now - RATE_LIMIT.windowMs),
    db.prepare(`DELETE FROM intake_failures WHERE at < ?1`).bind(now - retentionMs),
  ])) as { meta: { changes: number } }[];
  return leads?.meta.changes ?? 0;
}
