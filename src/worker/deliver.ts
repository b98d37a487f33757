import { attemptError, backoffSeconds, DELIVERY, SUSPECT_NOTE, webhookRequest, webhookUrlError } from '../leads/delivery.ts';
import { claim, type ClaimedLead, markChannel, markDelivered, markFailed, markStalled } from './d1-leads.ts';
import { formOptions } from './contact-options.ts';
import { leadMail } from './lead-email.ts';
import { ownerMail } from './owner-mail.ts';
import { DEAD_LETTER_QUEUE_NAME, type Env, type LeadMessage, type MessageBatch, type QueueMessage } from './env.ts';

/** Posts to the webhook; a network failure or a timeout is a result, not an exception. */
async function post(env: Env, id: string, payload: Parameters<typeof webhookRequest>[1]): Promise<{ status: number } | { error: unknown }> {
  const refused = webhookUrlError(env.QUOTE_WEBHOOK_URL);
  if (refused) return { error: new Error(refused) };
  try {
    const timeout = Number(env.WEBHOOK_TIMEOUT_MS) || DELIVERY.timeoutMs;
    const response = await fetch(env.QUOTE_WEBHOOK_URL!, { ...webhookRequest(id, payload), signal: AbortSignal.timeout(timeout) });
    // Read the body through so the connection is released; its content does not matter.
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status };
  } catch (error) {
    return { error };
  }
}

/** Sends what this lead still lacks: the owner's e-mail, and the webhook when one is set (never for a suspect lead). */
async function sendChannels(env: Env, id: string, lead: ClaimedLead): Promise<string[]> {
  const errors: string[] = [];
  const mail = ownerMail(env);
  if (!mail && !env.QUOTE_WEBHOOK_URL) return ['aucune destination : ni courriel (SEND_EMAIL, ALERT_FROM, ALERT_TO) ni webhook (QUOTE_WEBHOOK_URL)'];
  if (mail && !lead.emailed) {
    let sent = false;
    try {
      await mail.send(leadMail({ id, ...lead }, mail.from, mail.to, Date.now(), await formOptions(env)));
      sent = true;
    } catch (error) {
      errors.push(`courriel refusé : ${(error as Error).message}`);
    }
    if (sent) await markChannel(env.DB, id, 'emailed_at', Date.now());
  }
  if (env.QUOTE_WEBHOOK_URL && !lead.suspect && !lead.webhooked) {
    const error = attemptError(await post(env, id, lead.payload));
    if (error) errors.push(error);
    else await markChannel(env.DB, id, 'webhook_at', Date.now());
  }
  return errors;
}

/**
 * One attempt for one lead, by the queue's consumer or by the cron when the queue refuses
 * messages. The claim makes the attempt exclusive (a message the queue delivers twice finds the
 * lead taken or delivered); each channel's outcome is written to the lead before anything is
 * settled, so what D1 says is what happened, and a retry repeats only what failed. Resolves the
 * delay before the next attempt, or null when there is none to make (delivered, or not this
 * caller's to send).
 */
export async function attempt(env: Env, id: string): Promise<{ retryInSeconds: number } | null> {
  const lead = await claim(env.DB, id, Date.now());
  if (!lead) return null;
  const errors = await sendChannels(env, id, lead);
  if (errors.length === 0) {
    await markDelivered(env.DB, id, Date.now(), lead.suspect && env.QUOTE_WEBHOOK_URL ? SUSPECT_NOTE : null);
    return null;
  }
  const error = errors.join(' ; ');
  const delay = backoffSeconds(lead.attempts, env.BACKOFF_BASE_SECONDS === undefined ? undefined : Number(env.BACKOFF_BASE_SECONDS));
  // The cron leaves the lead to the queue's retry, then takes over if that retry never comes.
  await markFailed(env.DB, id, error, Date.now() + delay * 1000 + DELIVERY.leaseMs);
  console.warn(`[devis] ${id} : tentative ${lead.attempts} échouée (${error}), nouvel essai dans ${delay} s`);
  return { retryInSeconds: delay };
}

async function deliverOne(env: Env, message: QueueMessage<LeadMessage>): Promise<void> {
  const next = await attempt(env, message.body.id);
  if (next) message.retry({ delaySeconds: next.retryInSeconds });
  else message.ack();
}

/**
 * The queue consumer. On the dead-letter queue a lead is only marked stalled (it stays in D1 and
 * the cron keeps offering it); on the delivery queue each message is one attempt. A failure of D1
 * itself leaves the message to the queue's retry.
 */
export async function consume(batch: MessageBatch<LeadMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    try {
      if (batch.queue === DEAD_LETTER_QUEUE_NAME) {
        await markStalled(env.DB, message.body.id, Date.now());
        message.ack();
      } else {
        await deliverOne(env, message);
      }
    } catch (error) {
      console.error(`[devis] ${message.body.id} : ${(error as Error).message}`);
      message.retry();
    }
  }
}
