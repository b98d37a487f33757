import * as z from 'zod/mini';

/**
 * The quote request (spec §3, §5): the one source of its rules and of their exact French messages,
 * used by the form in the browser and by the local receiver alike. `zod/mini` keeps the form's
 * download small (~4 KiB instead of ~21 KiB for the classic API).
 */
export const LIMITS = { name: 100, phoneMin: 10, phoneMax: 20, email: 255, message: 1000 } as const;

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string().check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

export const quoteSchema = z.object({
  name: requiredText(LIMITS.name, 'Le nom est requis', 'Le nom est trop long'),
  phone: z.string().check(
    z.trim(),
    z.minLength(LIMITS.phoneMin, 'Numéro de téléphone invalide'),
    z.maxLength(LIMITS.phoneMax, 'Numéro de téléphone trop long'),
  ),
  email: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || z.regexes.email.test(v), 'Courriel invalide'),
    z.maxLength(LIMITS.email, 'Courriel trop long'),
  ),
  city: z.string().check(z.minLength(1, 'Veuillez sélectionner une ville')),
  service: z.string().check(z.minLength(1, 'Veuillez sélectionner un service')),
  urgency: z.string(),
  message: z.string().check(z.maxLength(LIMITS.message, `Message trop long (max ${LIMITS.message} caractères)`)),
});

export type QuoteRequest = z.infer<typeof quoteSchema>;

/** What is sent to the webhook (spec §7). */
export const quotePayloadSchema = z.extend(quoteSchema, {
  timestamp: z.iso.datetime({ message: 'Horodatage ISO invalide' }),
  urgencyLabel: z.string().check(z.minLength(1), z.maxLength(40)),
});
export type QuotePayload = z.infer<typeof quotePayloadSchema>;

/**
 * How the form posts (spec §7): `no-cors` is the spec's default, and the answer is unreadable, so a
 * webhook's 4xx/5xx looks like a success; `cors`, for webhooks that answer CORS, reads the status
 * and keeps the lead when it is not 2xx. Both send the same `text/plain` JSON body, so neither needs
 * a preflight.
 */
export const QUOTE_DELIVERIES = ['no-cors', 'cors'] as const;
export type QuoteDelivery = (typeof QUOTE_DELIVERIES)[number];

/** A webhook that has not answered after this long has failed: the visitor is told and keeps the lead. */
export const SEND_TIMEOUT_MS = 20_000;

export const URGENCIES = [
  { value: 'normal', label: 'Normal (2 à 7 jours)' },
  { value: 'urgent', label: 'Urgent (24 à 48 h)' },
  { value: 'emergency', label: 'Urgence (même jour)' },
] as const;

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

/** §5 check; on failure, the first issue in field order, as the error toast shows it. */
export function validateQuote(values: unknown): Validation {
  const result = quoteSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, field: issue.path[0] as keyof QuoteRequest, message: issue.message };
}

/** §3: emergency → urgent alert, urgent → warning, anything else → 'Normal'. */
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
