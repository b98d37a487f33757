import { IDEMPOTENCY_HEADER } from '../shared/quote/lead-id.ts';
import type { QuotePayload } from '../shared/quote/quote-schema.ts';

/**
 * The delivery rules of the outbox (docs/leads.md « Le chemin d’une demande »): pure values and decisions, so the
 * Worker's queue consumer and cron, and the tests, read the same numbers.
 */
export const DELIVERY = {
  /** A webhook that has not answered after this long has failed this attempt. */
  timeoutMs: 10_000,
  /** While one consumer sends, nobody else may: after this, the cron may take the lead back. */
  leaseMs: 2 * 60_000,
  /** Backoff between attempts: base × 2^(attempt − 1), capped. */
  backoffBaseS: 30,
  backoffMaxS: 60 * 60,
  /** A lead still waiting after this long with the webhook failing: the owner is told. */
  alertAfterMs: 10 * 60_000,
  /** While leads keep waiting, the owner is reminded at most this often. */
  remindEveryMs: 24 * 60 * 60_000,
  /** While requests keep being refused at intake, the owner is told at most this often. */
  intakeRemindMs: 60 * 60_000,
  /** A lead given up by the queue (dead letter) is offered again by the cron this often. */
  stalledEveryMs: 15 * 60_000,
  /**
   * Attempts the queue makes before the dead letter: the first and `max_retries` more
   * (wrangler.jsonc says 6), one per backoff step (30 s, 1, 2, 4, 8, 16 min).
   */
  queueAttempts: 7,
} as const;

/** Why a suspect lead (hidden field filled) is not sent to the webhook: the owner's e-mail shows it, marked. */
export const SUSPECT_NOTE = 'suspecte (champ caché rempli) : non transmise au webhook';

/**
 * The most leads the cron tries itself in one run when the queue refuses them: each attempt (a
 * few D1 calls, the owner's e-mail, the webhook) takes 2 to 3 ms of the Worker's CPU, the rest of
 * the run about as much, and a run must stay under the 10 ms Workers Free allows with room to
 * spare (tests/worker/cpu.test.ts measures it: two took 5 to 8 ms). The others keep their lease
 * and come back at the next run, 5 minutes later: 288 a day, and the owner's alert lists every
 * waiting lead meanwhile. A lead refused by the queue at intake is tried at once, by its request.
 */
export const DIRECT_ATTEMPTS_PER_SWEEP = 1;

/** The cron's schedule: every 5 minutes, so an alert due after 10 minutes leaves within 15. */
export const SWEEP_CRON = '*/5 * * * *';

export function backoffSeconds(attempt: number, base: number = DELIVERY.backoffBaseS): number {
  return Math.min(DELIVERY.backoffMaxS, base * 2 ** Math.max(0, attempt - 1));
}

/**
 * The request to the webhook: exactly the JSON payload, its nine fields in order, and
 * the lead's id as `Idempotency-Key`, so a webhook that sees the same lead twice can tell. A
 * redirect is not followed: `fetch` would turn the POST into a GET without its body, get a 200
 * from the new address, and the lead would count as delivered while nobody received it.
 */
export function webhookRequest(id: string, payload: QuotePayload): { method: 'POST'; redirect: 'manual'; headers: Record<string, string>; body: string } {
  const { name, phone, email, city, service, urgency, message, timestamp, urgencyLabel } = payload;
  return {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: id },
    body: JSON.stringify({ name, phone, email, city, service, urgency, message, timestamp, urgencyLabel }),
  };
}

/** Why the webhook's address cannot be used, or undefined: it must be an https:// address (the lead travels encrypted). */
export function webhookUrlError(url: string | undefined): string | undefined {
  if (!url) return 'QUOTE_WEBHOOK_URL non configurée';
  try {
    return new URL(url).protocol === 'https:' ? undefined : 'QUOTE_WEBHOOK_URL doit commencer par https://';
  } catch {
    return 'QUOTE_WEBHOOK_URL n’est pas une adresse web';
  }
}

/** Why an attempt failed, for the lead's record; undefined when the webhook took the lead. */
export function attemptError(result: { status: number } | { error: unknown }): string | undefined {
  if ('status' in result) {
    if (result.status >= 200 && result.status < 300) return undefined;
    return result.status >= 300 && result.status < 400 ? `HTTP ${result.status} : redirection refusée, donnez l’adresse finale du webhook` : `HTTP ${result.status}`;
  }
  const error = result.error as { name?: string; message?: string };
  return error?.name === 'TimeoutError' ? `pas de réponse en ${DELIVERY.timeoutMs / 1000} s` : `injoignable : ${error?.message ?? String(error)}`;
}

/** Leads waiting, as the cron sees them. */
export interface Backlog {
  waiting: number;
  /** When the oldest lead still waiting reached us. */
  oldestReceivedAt: number | null;
}

/**
 * One e-mail per episode, not one per lead: due when a lead has waited `alertAfterMs`, unless an
 * alert already went out since the oldest waiting lead arrived (then only the daily reminder).
 */
export function alertDue(backlog: Backlog, lastAlertAt: number | null, now: number): boolean {
  if (backlog.waiting === 0 || backlog.oldestReceivedAt === null) return false;
  if (now - backlog.oldestReceivedAt < DELIVERY.alertAfterMs) return false;
  if (lastAlertAt === null || lastAlertAt < backlog.oldestReceivedAt) return true;
  return now - lastAlertAt >= DELIVERY.remindEveryMs;
}

/**
 * Requests refused at intake (5xx) are told at the first cron after them, then at most hourly
 * while more keep coming: each refused lead waits in its visitor's browser, not in D1.
 */
export function intakeAlertDue(failures: number, lastAlertAt: number, now: number): boolean {
  return failures > 0 && now - lastAlertAt >= DELIVERY.intakeRemindMs;
}

export const DAY_MS = 24 * 60 * 60_000;
