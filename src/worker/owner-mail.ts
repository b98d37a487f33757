import { EmailMessage } from 'cloudflare:email';
import type { Env } from './env.ts';
import { type Mail, mime } from './mime.ts';

/** The owner's mailbox: ALERT_FROM (a sender of the zone) to ALERT_TO (the verified owner address). */
export interface OwnerMail {
  from: string;
  to: string;
  send(mail: Mail): Promise<void>;
}

/** The owner's mailbox, or undefined when the binding or an address is not configured. */
export function ownerMail(env: Env): OwnerMail | undefined {
  const { SEND_EMAIL, ALERT_FROM, ALERT_TO } = env;
  if (!SEND_EMAIL || !ALERT_FROM || !ALERT_TO) return undefined;
  return { from: ALERT_FROM, to: ALERT_TO, send: (mail) => SEND_EMAIL.send(new EmailMessage(ALERT_FROM, ALERT_TO, mime(mail))) };
}
