import type { QuoteOptions } from '../shared/quote/quote-options.ts';

const FORM_PROPS = /<script type="application\/json" data-island-props="quote-form-[^"]*">([\s\S]*?)<\/script>/;

/**
 * The city and service options of the form a page carries, read from the form's own props: the
 * receivers (`npm start`, the Worker) accept what the visitor could pick, with no second list to
 * keep in step.
 */
export function parseFormOptions(html: string): QuoteOptions | undefined {
  const json = html.match(FORM_PROPS)?.[1];
  if (!json) return undefined;
  const { cities, services } = JSON.parse(json) as Partial<QuoteOptions>;
  return Array.isArray(cities) && Array.isArray(services) ? { cities, services } : undefined;
}
