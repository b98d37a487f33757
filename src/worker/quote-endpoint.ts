import { acceptLead, type Answer, type Outcome, type StoredLead } from '../leads/accept-lead.ts';
import { MAX_BODY_BYTES } from '../leads/check-lead.ts';
import { IDEMPOTENCY_HEADER } from '../shared/quote/lead-id.ts';
import { clientNetwork } from '../leads/client-network.ts';
import { formOptions } from './contact-options.ts';
import { d1LeadStore, edgeThenD1Limiter, recordIntakeFailure } from './d1-leads.ts';
import { attempt } from './deliver.ts';
import type { Env, ExecutionContext } from './env.ts';
import { leadMail } from './lead-email.ts';
import { ownerMail } from './owner-mail.ts';

/** The client's network (its address, or its IPv6 /64), hashed: the rate limit needs to tell clients apart, not to know them. */
async function clientKey(request: Request): Promise<string> {
  const address = clientNetwork(request.headers.get('CF-Connecting-IP') ?? 'local');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(address));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function readBody(request: Request): Promise<Uint8Array | 'too-large'> {
  if (Number(request.headers.get('Content-Length') ?? 0) > MAX_BODY_BYTES) return 'too-large';
  const body = new Uint8Array(await request.arrayBuffer());
  return body.length > MAX_BODY_BYTES ? 'too-large' : body;
}

/**
 * POST /api/quote: the shared decision (src/leads/accept-lead.ts) over D1, then the delivery is
 * queued after the answer is decided (tried here if the queue refuses). If that fails, or the
 * Worker dies first, the lead is already in D1 and the cron offers it once its lease is over:
 * the 201 stays true. Every 5xx is
 * counted for the cron's alert to the owner; an unexpected fault is a 503, which the browser's
 * outbox sends again.
 */
export async function handleQuote(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  let answer: Answer;
  try {
    const outcome = await decide(request, env, ctx);
    answer = outcome.answer;
    if (outcome.unkept) ctx.waitUntil(mailUnkept(env, outcome.unkept));
  } catch (error) {
    console.error(`[devis] /api/quote : ${(error as Error).message}`);
    answer = { status: 503, body: { ok: false, error: 'Enregistrement impossible pour le moment : réessayez' } };
  }
  if (answer.status >= 500) ctx.waitUntil(countFailure(env, answer));
  return Response.json(answer.body, { status: answer.status, headers: { 'Cache-Control': 'no-store' } });
}

async function decide(request: Request, env: Env, ctx: ExecutionContext): Promise<Outcome> {
  const url = new URL(request.url);
  const outcome = await acceptLead(
    {
      body: await readBody(request),
      key: request.headers.get(IDEMPOTENCY_HEADER),
      client: await clientKey(request),
      origin: request.headers.get('Origin'),
      siteOrigin: url.origin,
    },
    { store: d1LeadStore(env.DB), limiter: edgeThenD1Limiter(env), options: await formOptions(env, url.origin), now: Date.now(), requireKey: true, makeId: () => crypto.randomUUID() },
  );
  if (outcome.stored) {
    const id = outcome.stored.id;
    // A queue that refuses (its daily quota used up, an outage): the lead is tried here, after the
    // answer, and the cron takes it over if that fails too.
    ctx.waitUntil(
      env.LEAD_QUEUE.send({ id }).catch(async (error: Error) => {
        console.error(`[devis] ${id} gardée, mise en file refusée (${error.message}) : essai direct`);
        await attempt(env, id).catch((e: Error) => console.error(`[devis] ${id} : ${e.message}, le cron la reprendra`));
      }),
    );
  }
  return outcome;
}

/** E-mails of unkept leads sent by this isolate in the current hour: D1 down must not become a spam relay. */
const unkeptMails = { hour: 0, sent: 0 };
const UNKEPT_MAILS_PER_HOUR = 20;

/**
 * A valid lead D1 refused: the visitor was told to retry or call, and the lead waits in their
 * browser only. The owner gets it at once, marked not stored, so an emergency can be called back;
 * when the browser sends it again and D1 keeps it, the owner gets the usual e-mail as well.
 */
async function mailUnkept(env: Env, lead: StoredLead): Promise<void> {
  const mail = ownerMail(env);
  const hour = Math.floor(Date.now() / 3_600_000);
  if (unkeptMails.hour !== hour) Object.assign(unkeptMails, { hour, sent: 0 });
  if (!mail || unkeptMails.sent >= UNKEPT_MAILS_PER_HOUR) return;
  unkeptMails.sent += 1;
  const copy = leadMail(lead, mail.from, mail.to, Date.now(), await formOptions(env));
  await mail
    .send({ ...copy, subject: `NON ENREGISTRÉE — ${copy.subject}`, text: `Le site n’a pas pu enregistrer cette demande (base de données indisponible). Le navigateur du client la renverra à sa prochaine visite ; rappelez-le au besoin.\n\n${copy.text}` })
    .catch((error: Error) => console.error(`[devis] ${lead.id} non enregistrée, courriel refusé (${error.message})`));
}

async function countFailure(env: Env, answer: Answer): Promise<void> {
  try {
    await recordIntakeFailure(env.DB, Date.now(), answer.status, answer.body.error ?? '');
  } catch (error) {
    console.error(`[devis] refus ${answer.status} non compté, D1 ne répond pas (${(error as Error).message})`);
  }
}
