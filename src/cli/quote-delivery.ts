import { QUOTE_MODES, type QuoteMode } from '../shared/quote/quote-schema.ts';

/**
 * QUOTE_DELIVERY, when set, over `quoteDelivery` of content/site.md; refused if it names no mode.
 * Read by `npm run build` and by `npm run admin`'s build of the preview data: the same mode keys
 * the same pages, so the one reuses what the other rendered, in the same cache.
 */
export function quoteDeliveryFromEnv(): QuoteMode | undefined {
  const value = process.env.QUOTE_DELIVERY;
  if (!value) return undefined;
  if (!(QUOTE_MODES as readonly string[]).includes(value)) throw new Error(`QUOTE_DELIVERY=${value} : ${QUOTE_MODES.join(', ')} attendu`);
  return value as QuoteMode;
}
