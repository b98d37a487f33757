import { EmailMessage } from 'cloudflare:email';
import { alertDue, DAY_MS } from '../leads/delivery.ts';
import { alertMime } from './alert-email.ts';
import { backlog, lastAlertAt, purge, recordAlert, takeDue } from './d1-leads.ts';
import type { Env } from './env.ts';

export interface SweepReport {
  requeued: number;
  alerted: boolean;
  purged: number;
}

/** Tells the owner, once per episode, that leads wait; true when the e-mail left. */
async function alertOwner(env: Env, now: number): Promise<boolean> {
  const waiting = await backlog(env.DB);
  if (!alertDue(waiting, await lastAlertAt(env.DB), now)) return false;
  if (!env.SEND_EMAIL || !env.ALERT_FROM || !env.ALERT_TO) {
    console.error(`[devis] ${waiting.waiting} demande(s) en attente, et aucune alerte configurée (SEND_EMAIL, ALERT_FROM, ALERT_TO)`);
    return false;
  }
  const last = await env.DB.prepare(`SELECT last_error FROM leads WHERE state != 'delivered' AND last_error IS NOT NULL ORDER BY last_attempt_at DESC LIMIT 1`).first<{ last_error: string }>();
  const facts = { from: env.ALERT_FROM, to: env.ALERT_TO, waiting: waiting.waiting, oldestReceivedAt: waiting.oldestReceivedAt!, now, lastError: last?.last_error ?? null };
  await env.SEND_EMAIL.send(new EmailMessage(env.ALERT_FROM, env.ALERT_TO, alertMime(facts)));
  // Recorded only once sent: a refused e-mail is tried again at the next sweep.
  await recordAlert(env.DB, now, waiting.waiting);
  return true;
}

/**
 * The cron (every 5 minutes, wrangler.jsonc): offers again every lead not delivered whose lease or
 * backoff is over (the Worker died before queueing, a retry was lost, the queue gave up), tells
 * the owner when leads keep waiting, and destroys leads past the retention period of
 * content/site.md. `now` is the trigger's scheduled time, so tests can move the clock.
 */
export async function sweep(env: Env, now: number): Promise<SweepReport> {
  const due = await takeDue(env.DB, now);
  for (let i = 0; i < due.length; i += 100) await env.LEAD_QUEUE.sendBatch(due.slice(i, i + 100).map((id) => ({ body: { id } })));
  const alerted = await alertOwner(env, now);
  const days = Number(env.LEAD_RETENTION_DAYS);
  let purged = 0;
  if (Number.isFinite(days) && days > 0) purged = await purge(env.DB, now, days * DAY_MS);
  else console.error('[devis] LEAD_RETENTION_DAYS absente : aucune demande n’est détruite (voir privacy.leadRetentionDays de content/site.md)');
  return { requeued: due.length, alerted, purged };
}
