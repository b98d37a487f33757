import { type ChangeEvent, type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { clearDraft, loadDraft, saveDraft, typedValues } from './draft.ts';
import { cityFromQuery, type QuoteOptions } from '../../shared/quote/quote-options.ts';
import { quoteRequestInit } from '../../shared/quote/quote-request.ts';
import { HONEYPOT_FIELD } from '../../shared/quote/lead-id.ts';
import { dropPending, keepPending, loadPending, refusedForContent, relayRequest } from '../../shared/quote/pending-leads.ts';
import { buildPayload, INITIAL_VALUES, phoneCharacters, type QuoteMode, quoteSchemaWith, type QuoteRequest, SEND_TIMEOUT_MS, URGENCIES, validateQuote } from '../../shared/quote/quote-schema.ts';
import type { QuoteStrings } from '../../shared/ui/strings.ts';

export interface QuoteFormProps extends QuoteOptions {
  webhook: string;
  /**
   * `no-cors` (the default), `cors` (a non-2xx answer is a failure), or `relay`: to the
   * site's own /api/quote, where only a 2xx means stored (src/shared/quote/pending-leads.ts).
   */
  delivery?: QuoteMode;
  /** A webhook that never answers is a failure after this long. */
  timeoutMs?: number;
  phone: string;
  tel: string;
  /** The form's texts in its page's language: the page carries its own language only. */
  strings: QuoteStrings;
  /** The address parameter that names the city chosen on a city page (`ville`, `city`). */
  cityParam: string;
}

type Field = keyof QuoteRequest;

/** Reading `localStorage` itself throws in some private modes: then there is simply no draft. */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Posts the payload; resolves only when the lead is delivered as far as `delivery` can tell. */
async function send(webhook: string, delivery: QuoteMode, body: string, timeoutMs: number): Promise<void> {
  if (delivery === 'relay') return relay(webhook, body, timeoutMs);
  const response = await fetch(webhook, { ...quoteRequestInit(delivery, body), signal: AbortSignal.timeout(timeoutMs) });
  if (delivery === 'cors' && !response.ok) throw new Error(`Le webhook a répondu ${response.status}`);
}

/**
 * Relay mode: the lead waits in the browser under its id until the endpoint answers 2xx (stored),
 * so a failure here is re-sent on the next page load. The same values sent again reuse the id of
 * their first try: the endpoint keeps one row, whichever copy arrives.
 */
async function relay(endpoint: string, body: string, timeoutMs: number): Promise<void> {
  const values = JSON.stringify({ ...JSON.parse(body), timestamp: undefined });
  const earlier = Object.entries(loadPending(storage())).find(([, lead]) => lead.values === values);
  const id = earlier?.[0] ?? crypto.randomUUID();
  const sent = earlier?.[1].body ?? body;
  keepPending(storage(), id, { body: sent, values, at: Date.now() });
  const response = await fetch(endpoint, relayRequest(id, sent, AbortSignal.timeout(timeoutMs)));
  if (response.ok || (await refusedForContent(response))) dropPending(storage(), id);
  if (!response.ok) throw new Error(`/api/quote a répondu ${response.status}`);
}

export function QuoteForm({ webhook, delivery = 'no-cors', timeoutMs = SEND_TIMEOUT_MS, phone, tel, cities, services, strings, cityParam }: QuoteFormProps) {
  const id = useId();
  const schema = useMemo(() => quoteSchemaWith(strings.validation), [strings]);
  const [values, setValues] = useState<QuoteRequest>(INITIAL_VALUES);
  const [restored, setRestored] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  // A second click or Enter can arrive before React re-renders with `submitting`: one request only.
  const sending = useRef(false);
  const fields = useRef<Partial<Record<Field, HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null>>>({});

  useEffect(() => {
    // Hydration leaves the fields' DOM values alone, so what the visitor typed before React took
    // over (or while it was taking over) is still there: it wins over the saved draft.
    // A city page's quote button names its city: it wins over an older draft's, not over typing.
    const shown = Object.fromEntries(Object.entries(fields.current).map(([field, el]) => [field, el?.value]));
    const linked = cityFromQuery(window.location.search, cities, cityParam);
    setValues({ ...INITIAL_VALUES, ...loadDraft(storage()), ...(linked ? { city: linked } : {}), ...typedValues(shown) });
    setRestored(true);
  }, []);

  useEffect(() => {
    if (restored) saveDraft(storage(), values);
  }, [values, restored]);

  const fieldId = (f: Field) => `${id}${f}`;
  const errorId = `${id}error`;

  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const field = e.target.name as Field;
    const value = field === 'phone' ? phoneCharacters(e.target.value) : e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (error?.field === field) setError(null);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending.current) return;
    const check = validateQuote(values, schema);
    if (!check.ok) {
      setError({ field: check.field, message: check.message });
      toast.error(strings.toasts.invalid, { description: check.message });
      fields.current[check.field]?.focus();
      return;
    }
    setError(null);
    sending.current = true;
    setSubmitting(true);
    try {
      // A filled honeypot may be a bot, or a person whose autofill reached the hidden field: the
      // lead leaves with it, and the receiver keeps it as suspect rather than dropping it.
      const trap = honeypot.current?.value;
      await send(webhook, delivery, JSON.stringify({ ...buildPayload(check.data, new Date()), ...(trap ? { [HONEYPOT_FIELD]: trap } : {}) }), timeoutMs);
      toast.success(strings.toasts.sent, { description: strings.toasts.sentDescription });
      clearDraft(storage());
      setValues(INITIAL_VALUES);
    } catch {
      toast.error(strings.toasts.failed, {
        description: (
          <>
            {strings.toasts.failedBefore}
            <a href={`tel:${tel}`}>{phone}</a>
            {strings.toasts.failedAfter}
          </>
        ),
      });
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  const common = (f: Field) => ({
    id: fieldId(f),
    name: f,
    value: values[f],
    onChange,
    ref: (el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null) => {
      fields.current[f] = el;
    },
    'aria-invalid': error?.field === f ? true : undefined,
    'aria-describedby': error?.field === f ? errorId : undefined,
  });

  const label = (f: Field, text: string, required: boolean) => (
    <label htmlFor={fieldId(f)}>
      {text}
      {required && (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );

  const errorText = (f: Field) =>
    error?.field === f ? (
      <p className="field-error" id={errorId}>
        {error.message}
      </p>
    ) : null;

  return (
    <form
      className="quote-form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      data-state={submitting ? 'submitting' : 'idle'}
      data-ready={restored ? 'true' : 'false'}
      aria-busy={submitting}
    >
      <p className="form-note">
        {strings.requiredNoteBefore}
        <span aria-hidden="true">*</span>
        <span className="visually-hidden">{strings.asterisk}</span>
        {strings.requiredNoteAfter}
      </p>
      <div className="form-grid">
        <div className="field">
          {label('name', strings.labels.name, true)}
          <input {...common('name')} type="text" autoComplete="name" required />
          {errorText('name')}
        </div>
        <div className="field">
          {label('phone', strings.labels.phone, true)}
          <input {...common('phone')} type="tel" autoComplete="tel" inputMode="tel" required />
          {errorText('phone')}
        </div>
        <div className="field">
          {label('email', strings.labels.email, false)}
          <input {...common('email')} type="email" autoComplete="email" />
          {errorText('email')}
        </div>
        <div className="field">
          {label('city', strings.labels.city, true)}
          <select {...common('city')} required>
            <option value="">{strings.placeholders.city}</option>
            {cities.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {errorText('city')}
        </div>
        <div className="field">
          {label('service', strings.labels.service, true)}
          <select {...common('service')} required>
            <option value="">{strings.placeholders.service}</option>
            {services.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {errorText('service')}
        </div>
        <div className="field">
          {label('urgency', strings.labels.urgency, false)}
          <select {...common('urgency')} aria-describedby={`${id}urgency-note`}>
            {URGENCIES.map((value) => (
              <option key={value} value={value}>
                {strings.urgencies[value]}
              </option>
            ))}
          </select>
          <p className="form-note" id={`${id}urgency-note`}>
            {strings.emergencyNoteBefore}
            <a href={`tel:${tel}`}>{phone}</a>
            {strings.emergencyNoteAfter}
          </p>
        </div>
        <div className="field field-wide">
          {label('message', strings.labels.message, false)}
          <textarea {...common('message')} rows={4} />
          {errorText('message')}
        </div>
        <div className="hp" aria-hidden="true">
          <label htmlFor={`${id}website`}>{strings.honeypot}</label>
          <input ref={honeypot} id={`${id}website`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
        {submitting ? strings.submitting : strings.submit}
      </button>
    </form>
  );
}
