/**
 * `npm run check:webhook`: sends one test lead, marked as such, to the webhook (QUOTE_WEBHOOK_URL,
 * else quoteWebhook of content/site.md), exactly as it is sent in the site's delivery mode
 * (QUOTE_DELIVERY, else quoteDelivery): in relay mode as the Worker forwards a kept lead (JSON,
 * Idempotency-Key), in a direct mode as a visitor's browser sends it from the site's address
 * (SITE_URL, else baseUrl); then says what came back and what that means for real leads. Exits 1
 * unless the webhook took the lead and the form would say so truthfully.
 *   -- --delivery cors   tries a direct mode before writing it in site.md
 *   -- --content DIR     another content folder
 */
import { parseArgs } from 'node:util';
import { QUOTE_DELIVERIES, type QuoteDelivery } from '../src/shared/quote/quote-schema.ts';
import { checkWebhook } from './lib/check-webhook-run.ts';

const { values } = parseArgs({ options: { content: { type: 'string', default: 'content' }, delivery: { type: 'string' } } });
if (values.delivery !== undefined && !QUOTE_DELIVERIES.includes(values.delivery as QuoteDelivery)) {
  console.error(`--delivery ${values.delivery} : ${QUOTE_DELIVERIES.join(' ou ')} attendu`);
  process.exit(2);
}
const report = await checkWebhook({ contentDir: values.content, delivery: values.delivery as QuoteDelivery | undefined, env: process.env });
for (const { text, error } of report.lines) (error ? console.error : console.log)(text);
process.exit(report.code);
