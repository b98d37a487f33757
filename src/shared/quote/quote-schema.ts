import * as z from 'zod/mini';
import { quoteFr } from '../ui/quote-fr.ts';
import type { QuoteStrings } from '../ui/strings.ts';

/**
 * The quote request: the one source of its rules and of their exact French messages,
 * used by the form in the browser and by the local receiver alike. `zod/mini` keeps the form's
 * download small (~4 KiB instead of ~21 KiB for the classic API).
 */
export const LIMITS = { name: 100, phoneMin: 10, phoneMax: 20, email: 255, message: 1000 } as const;

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string().check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

/** The validation messages of one language (src/shared/ui): the French ones are the fixed wording. */
export type QuoteMessages = QuoteStrings['validation'];

/** The form's rules with the messages of the page's language: the same rules in every language. */
export function quoteSchemaWith(m: QuoteMessages) {
  return z.object({
    name: requiredText(LIMITS.name, m.nameRequired, m.nameTooLong),
    phone: z.string().check(z.trim(), z.minLength(LIMITS.phoneMin, m.phoneInvalid), z.maxLength(LIMITS.phoneMax, m.phoneTooLong)),
    email: z.string().check(
      z.trim(),
      z.refine((v) => v === '' || z.regexes.email.test(v), m.emailInvalid),
      z.maxLength(LIMITS.email, m.emailTooLong),
    ),
    city: z.string().check(z.minLength(1, m.cityRequired)),
    service: z.string().check(z.minLength(1, m.serviceRequired)),
    urgency: z.string(),
    message: z.string().check(z.maxLength(LIMITS.message, m.messageTooLong)),
  });
}

/** The form's rules with their French messages: the receiver's check, and the form's on a French page. */
export const quoteSchema = quoteSchemaWith(quoteFr.validation);

export type QuoteRequest = z.infer<typeof quoteSchema>;

/** What is sent to the webhook. */
export const quotePayloadSchema = z.extend(quoteSchema, {
  timestamp: z.iso.datetime({ message: 'Horodatage ISO invalide' }),
  urgencyLabel: z.string().check(z.minLength(1), z.maxLength(40)),
});
export type QuotePayload = z.infer<typeof quotePayloadSchema>;

/**
 * How the form posts: `no-cors` is the default, and the answer is unreadable, so a
 * webhook's 4xx/5xx looks like a success; `cors`, for webhooks that answer CORS, reads the status
 * and keeps the lead when it is not 2xx. Both send the same `text/plain` JSON body, so neither needs
 * a preflight.
 */
export const QUOTE_DELIVERIES = ['no-cors', 'cors'] as const;
export type QuoteDelivery = (typeof QUOTE_DELIVERIES)[number];

/**
 * Every way the form may send: the two direct modes above (to the webhook, from the visitor's
 * browser), or `relay`: to our own /api/quote (the Worker, or `npm start`), which stores the lead
 * before answering and delivers it to the webhook itself, so the webhook's address is in no page
 * and only a stored lead is told "sent" (docs/architecture.md « Le formulaire de devis »).
 */
export const QUOTE_MODES = [...QUOTE_DELIVERIES, 'relay'] as const;
export type QuoteMode = (typeof QUOTE_MODES)[number];

/** A webhook that has not answered after this long has failed: the visitor is told and keeps the lead. */
export const SEND_TIMEOUT_MS = 20_000;

/** The urgency choices, in the form's order; their labels are each language's (src/shared/ui). */
export const URGENCIES = ['normal', 'urgent', 'emergency'] as const;

export const INITIAL_VALUES: QuoteRequest = {
  name: '',
  phone: '',
  email: '',
  city: '',
  service: '',
  urgency: 'normal',
  message: '',
};

export type Validation = { ok: true; data: QuoteRequest } | { ok: false; field: keyof QuoteRequest; message: string };

/** The form's check; on failure, the first issue in field order, as the error toast shows it. */
export function validateQuote(values: unknown, schema: typeof quoteSchema = quoteSchema): Validation {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, field: issue.path[0] as keyof QuoteRequest, message: issue.message };
}

/**
 * The urgency label: emergency → urgent alert, urgent → warning, anything else → 'Normal'. In French whatever the
 * page's language: the label is for the business, whose lead handling is in French, and the
 * automation sorts on it (docs/content.md « Le site en anglais »).
 */
export function urgencyLabel(urgency: string): string {
  if (urgency === 'emergency') return '🚨 URGENCE';
  if (urgency === 'urgent') return '⚠️ Urgent';
  return 'Normal';
}

export function buildPayload(data: QuoteRequest, now: Date): QuotePayload {
  return {
    name: data.name,
    phone: data.phone,
    email: data.email,
    city: data.city,
    service: data.service,
    urgency: data.urgency,
    message: data.message,
    timestamp: now.toISOString(),
    urgencyLabel: urgencyLabel(data.urgency),
  };
}

/**
 * What the phone field keeps of what is typed or pasted: digits, the separators people write
 * (space + ( ) - . / # * , ;) and letters, for an extension written « poste 12 » or « ext. 12 ».
 * Anything else (symbols, emoji, control characters) never enters the field; the length rules and
 * their messages stay the fixed ones.
 */
export function phoneCharacters(typed: string): string {
  return typed.replace(/[^0-9\p{L} +()\-./#*,;]/gu, '');
}

/** Control characters (a line break aside, where `keepLines`) and bidirectional overrides. */
const INVISIBLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A text field as the receivers keep it: control characters and bidirectional overrides removed,
 * line breaks kept in the message only (as \n). What the owner reads in an e-mail, a terminal or
 * a spreadsheet is then what the visitor typed, never a cursor move nor a reordered line.
 */
export function cleanText(value: string, keepLines: boolean): string {
  const unified = value.replace(/\r\n?|[\u2028\u2029]/g, '\n');
  const stripped = unified.replace(INVISIBLE, (c) => (c === '\t' ? ' ' : ''));
  return keepLines ? stripped : stripped.replace(/\n/g, ' ');
}
