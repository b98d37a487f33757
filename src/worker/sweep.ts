import { alertDue, DAY_MS, DIRECT_ATTEMPTS_PER_SWEEP, intakeAlertDue } from '../leads/delivery.ts';
import { ALERT_LIST_MAX, alertMail, cronFailureMail, expiryMail, intakeAlertMail } from './alert-email.ts';
import { backlog, deleteLeads, expiredUndelivered, intakeFailuresSince, lastAlertAt, purge, recordAlert, takeDue, waitingLeads } from './d1-leads.ts';
import { attempt } from './deliver.ts';
import { formOptions } from './contact-options.ts';
import type { Env } from './env.ts';
import { ownerMail } from './owner-mail.ts';

export interface SweepReport {
  requeued: number;
  /** Leads the cron tried itself because the queue refused them (its daily quota, an outage). */
  triedDirectly: number;
  alerted: boolean;
  intakeAlerted: boolean;
  purged: number;
  /** The steps that threw, each with its error: the others ran all the same. */
  failed: { step: string; error: string }[];
}

/** Offers every due lead to the queue; if the queue refuses, tries the first few itself. */
async function requeue(env: Env, now: number): Promise<{ requeued: number; triedDirectly: number }> {
  const due = await takeDue(env.DB, now);
  try {
    for (let i = 0; i < due.length; i += 100) await env.LEAD_QUEUE.sendBatch(due.slice(i, i + 100).map((id) => ({ body: { id } })));
    return { requeued: due.length, triedDirectly: 0 };
  } catch (error) {
    console.error(`[devis] cron : la file refuse (${(error as Error).message}), ${Math.min(due.length, DIRECT_ATTEMPTS_PER_SWEEP)} demande(s) essayée(s) directement`);
    const direct = due.slice(0, DIRECT_ATTEMPTS_PER_SWEEP);
    for (const id of direct) await attempt(env, id).catch((e: Error) => console.error(`[devis] ${id} : ${e.message}`));
    return { requeued: 0, triedDirectly: direct.length };
  }
}

/** Tells the owner, once per episode, that leads wait; true when the e-mail left. */
async function alertBacklog(env: Env, now: number): Promise<boolean> {
  const waiting = await backlog(env.DB);
  if (!alertDue(waiting, await lastAlertAt(env.DB, 'backlog'), now)) return false;
  const mail = ownerMail(env);
  if (!mail) throw new Error(`${waiting.waiting} demande(s) en attente, et aucune alerte configurée (SEND_EMAIL, ALERT_FROM, ALERT_TO)`);
  const last = await env.DB.prepare(`SELECT last_error FROM leads WHERE state != 'delivered' AND last_error IS NOT NULL ORDER BY last_attempt_at DESC LIMIT 1`).first<{ last_error: string }>();
  const leads = await waitingLeads(env.DB, ALERT_LIST_MAX);
  await mail.send(alertMail({ from: mail.from, to: mail.to, waiting: waiting.waiting, oldestReceivedAt: waiting.oldestReceivedAt!, now, lastError: last?.last_error ?? null, leads, options: await formOptions(env) }));
  // Recorded only once sent: a refused e-mail is tried again at the next sweep.
  await recordAlert(env.DB, now, waiting.waiting, 'backlog');
  return true;
}

/** Tells the owner that the site refused requests (5xx) since the last such alert. */
async function alertIntake(env: Env, now: number): Promise<boolean> {
  const since = (await lastAlertAt(env.DB, 'intake')) ?? 0;
  const failures = await intakeFailuresSince(env.DB, since);
  if (!intakeAlertDue(failures.count, since, now)) return false;
  const mail = ownerMail(env);
  if (!mail) throw new Error(`${failures.count} requête(s) refusée(s) par le site, et aucune alerte configurée (SEND_EMAIL, ALERT_FROM, ALERT_TO)`);
  await mail.send(intakeAlertMail({ from: mail.from, to: mail.to, count: failures.count, first: failures.first!, lastReason: failures.lastReason, now }));
  await recordAlert(env.DB, now, failures.count, 'intake');
  return true;
}

/** The most undelivered leads one run hands over and destroys: one e-mail lists them all. */
const EXPIRED_PER_SWEEP = 40;

/**
 * Destroys leads past the retention period. One that never reached the owner is e-mailed to them
 * in full first, and destroyed only once that e-mail left: the retention period ends the site's
 * copy, never the owner's only chance to call back.
 */
async function purgeExpired(env: Env, now: number): Promise<number> {
  const days = Number(env.LEAD_RETENTION_DAYS);
  if (!Number.isFinite(days) || days <= 0) throw new Error('LEAD_RETENTION_DAYS absente : aucune demande n’est détruite (voir privacy.leadRetentionDays de content/site.md)');
  const expired = await expiredUndelivered(env.DB, now - days * DAY_MS, EXPIRED_PER_SWEEP);
  let handedOver = 0;
  if (expired.length) {
    const mail = ownerMail(env);
    if (!mail) throw new Error(`${expired.length} demande(s) jamais transmise(s) passent la durée de conservation : gardées, faute de courriel configuré (SEND_EMAIL, ALERT_FROM, ALERT_TO)`);
    await mail.send(expiryMail({ from: mail.from, to: mail.to, leads: expired, days, now, options: await formOptions(env) }));
    await deleteLeads(env.DB, expired.map((l) => l.id));
    handedOver = expired.length;
  }
  return handedOver + (await purge(env.DB, now, days * DAY_MS));
}

/**
 * The cron (every 5 minutes, wrangler.jsonc): offers again every lead not delivered whose lease or
 * backoff is over (the Worker died before queueing, a retry was lost, the queue gave up), tells
 * the owner when leads keep waiting or requests were refused, and destroys leads past the
 * retention period of content/site.md. Each step has its own error handling: a queue over its
 * quota or an e-mail refused does not stop the alert or the purge. `now` is the trigger's
 * scheduled time, so tests can move the clock.
 */
export async function sweep(env: Env, now: number): Promise<SweepReport> {
  const failed: SweepReport['failed'] = [];
  const step = async <T>(name: string, run: () => Promise<T>, otherwise: T): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      failed.push({ step: name, error: (error as Error).message });
      console.error(`[devis] cron, ${name} : ${(error as Error).message}`);
      return otherwise;
    }
  };
  const { requeued, triedDirectly } = await step('remise en file', () => requeue(env, now), { requeued: 0, triedDirectly: 0 });
  const alerted = await step('alerte des demandes en attente', () => alertBacklog(env, now), false);
  const intakeAlerted = await step('alerte des requêtes refusées', () => alertIntake(env, now), false);
  const purged = await step('destruction', () => purgeExpired(env, now), 0);
  await tellFailedSteps(env, now, failed).catch((error: Error) => console.error(`[devis] cron : alerte de panne refusée (${error.message})`));
  return { requeued, triedDirectly, alerted, intakeAlerted, purged, failed };
}

/** When each failing step was last e-mailed, in this isolate: D1 may be the very thing that fails. */
const toldAt = new Map<string, number>();

/**
 * Tells the owner of the steps that failed (D1 unreachable or over quota, the queue refusing, an
 * e-mail refused): at once for a step not reported before in this isolate, then once a day while
 * it keeps failing. Kept in memory, not D1, so it works when D1 does not.
 */
async function tellFailedSteps(env: Env, now: number, failed: SweepReport['failed']): Promise<void> {
  const due = failed.filter((f) => now - (toldAt.get(f.step) ?? -Infinity) >= DAY_MS);
  const mail = ownerMail(env);
  if (due.length === 0 || !mail) return;
  await mail.send(cronFailureMail({ from: mail.from, to: mail.to, failed: due, now }));
  for (const f of due) toldAt.set(f.step, now);
}
