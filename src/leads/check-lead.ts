import { HONEYPOT_FIELD } from '../shared/quote/lead-id.ts';
import type { QuoteOptions } from '../shared/quote/quote-options.ts';
import { cleanText, quotePayloadSchema, type QuotePayload, URGENCIES, urgencyLabel } from '../shared/quote/quote-schema.ts';

export const MAX_BODY_BYTES = 16 * 1024;


export type CheckResult =
  | { status: 201; lead: QuotePayload; suspect: boolean }
  | { status: 400 | 413; error: string };

/**
 * The field holding a value the form never offers (a city, service or urgency outside its lists, or
 * an urgency label that does not match the urgency), or undefined. The form's validation messages do not
 * cover these: only a hand-made request can send them.
 */
function outsideForm(lead: QuotePayload, options: QuoteOptions): keyof QuotePayload | undefined {
  if (!options.cities.some((o) => o.value === lead.city)) return 'city';
  if (!options.services.some((o) => o.value === lead.service)) return 'service';
  if (!(URGENCIES as readonly string[]).includes(lead.urgency)) return 'urgency';
  if (lead.urgencyLabel !== urgencyLabel(lead.urgency)) return 'urgencyLabel';
  return undefined;
}

/** Only the payload's nine fields, in their order: what is stored is what the webhook will receive. */
function specFields(lead: QuotePayload): QuotePayload {
  const { name, phone, email, city, service, urgency, message, timestamp, urgencyLabel: label } = lead;
  return { name, phone, email, city, service, urgency, message, timestamp, urgencyLabel: label };
}

/** The body's text fields cleaned before they are checked (`cleanText`): the limits count what is kept. */
function cleaned(json: unknown): unknown {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return json;
  return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, typeof v === 'string' ? cleanText(v, k === 'message') : v]));
}

/**
 * Checks one raw request body against the rules of the form and the options it offers, for the
 * Node receiver and the Worker alike. The browser's no-cors request arrives as `text/plain`, so the
 * body is parsed as JSON whatever the content type says. A filled honeypot passes as `suspect`:
 * kept and marked, since autofill fills it too, and answered like any lead, so a bot learns nothing.
 */
export function checkLead(body: Uint8Array, options: QuoteOptions): CheckResult {
  if (body.length > MAX_BODY_BYTES) return { status: 413, error: `Corps de requête trop grand (max ${MAX_BODY_BYTES} octets)` };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { status: 400, error: 'Corps de requête invalide : JSON attendu' };
  }
  const trap = json && typeof json === 'object' ? (json as Record<string, unknown>)[HONEYPOT_FIELD] : undefined;
  const result = quotePayloadSchema.safeParse(cleaned(json));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { status: 400, error: `${issue.path.join('.') || 'requête'} : ${issue.message}` };
  }
  const field = outsideForm(result.data, options);
  if (field) return { status: 400, error: `${field} : valeur absente des choix du formulaire` };
  return { status: 201, lead: specFields(result.data), suspect: typeof trap === 'string' && trap !== '' };
}
