import type { QuoteDelivery } from './quote-schema.ts';

/** The parts of the form's request that a check outside the browser must send the same. */
export interface QuoteRequestInit {
  method: 'POST';
  mode: QuoteDelivery;
  headers: Record<string, string>;
  body: string;
}

/**
 * The request the form sends its JSON body with, for the browser's `fetch`: the island
 * and `npm run check:webhook` both build it here, so the check sends what visitors send.
 */
export function quoteRequestInit(delivery: QuoteDelivery, body: string): QuoteRequestInit {
  return {
    method: 'POST',
    mode: delivery,
    headers: { 'Content-Type': delivery === 'cors' ? 'text/plain;charset=UTF-8' : 'application/json' },
    body,
  };
}

/** Content types a no-cors request may carry (Fetch standard, CORS-safelisted request header). */
const SAFELISTED_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * What a browser puts on the wire for that request, from the page at `origin`: it adds `Origin`,
 * and in `no-cors` mode drops every header the Fetch standard does not safelist, so the JSON
 * content type goes and a string body is sent as `text/plain;charset=UTF-8`. Node's fetch keeps
 * the header: a check that used it as is would send what no visitor sends.
 */
export function sentByBrowser(init: QuoteRequestInit, origin: string): { method: 'POST'; headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = { Origin: origin };
  for (const [name, value] of Object.entries(init.headers)) {
    const safelisted = name.toLowerCase() === 'content-type' && SAFELISTED_TYPES.includes(value.split(';')[0]!.trim().toLowerCase());
    if (init.mode === 'cors' || safelisted) headers[name] = value;
  }
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'text/plain;charset=UTF-8';
  return { method: init.method, headers, body: init.body };
}
