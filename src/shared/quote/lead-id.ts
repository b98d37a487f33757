/**
 * The lead's id, made by the visitor's browser when the form is sent (docs/architecture.md « Le formulaire de
 * devis »). It travels as the `Idempotency-Key` header, to our endpoint and from there to the
 * webhook, so the body stays exactly the nine-field payload and a re-send of the same lead (a
 * double click, a lost answer, the next page load) is recognised as the same lead everywhere.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A version 4 UUID, as `crypto.randomUUID()` makes it. */
const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isLeadId(value: string | null | undefined): value is string {
  return typeof value === 'string' && LEAD_ID.test(value);
}

/** Where the relay endpoint lives on the site's own origin (the Worker, or `npm start`). */
export const RELAY_PATH = '/api/quote';

/**
 * The form's hidden field that people never see and bots fill (src/islands/quote-form). Autofill
 * can fill it too, so a filled one marks the lead suspect; it never drops it.
 */
export const HONEYPOT_FIELD = 'website';
