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
import { loadContent, productionWebhookProblem, chooseWebhook } from '../src/engine/index.ts';
import { quoteOptions } from '../src/shared/quote/quote-options.ts';
import { QUOTE_DELIVERIES, type QuoteDelivery } from '../src/shared/quote/quote-schema.ts';
import { relayVerdict, sendAsWorker, sendTestLead, testLead, verdict } from './lib/webhook-check.ts';

const { values } = parseArgs({ options: { content: { type: 'string', default: 'content' }, delivery: { type: 'string' } } });
if (values.delivery !== undefined && !QUOTE_DELIVERIES.includes(values.delivery as QuoteDelivery)) {
  console.error(`--delivery ${values.delivery} : ${QUOTE_DELIVERIES.join(' ou ')} attendu`);
  process.exit(2);
}
const content = await loadContent(values.content);
const { site } = content;
// The build's own precedence: QUOTE_DELIVERY over site.md (the workflow builds with relay).
const relayed = values.delivery === undefined && (process.env.QUOTE_DELIVERY || site.quoteDelivery) === 'relay';
// chooseWebhook in a direct mode: in relay mode the form names /api/quote, the webhook is the Worker's secret.
const webhook = chooseWebhook(process.env.QUOTE_WEBHOOK_URL || undefined, site, 'no-cors');
const delivery: QuoteDelivery = (values.delivery as QuoteDelivery | undefined) ?? (site.quoteDelivery === 'relay' ? 'no-cors' : site.quoteDelivery) ?? 'no-cors';
const origin = new URL(process.env.SITE_URL || site.baseUrl).origin;

console.log(`Webhook : ${webhook.url} (source : ${webhook.source}) · ${relayed ? 'mode relay · envoyé comme le Worker le fait (JSON, Idempotency-Key)' : `mode ${delivery} · envoyé depuis ${origin}`}`);
if (!/^https?:\/\//.test(webhook.url)) {
  console.error(
    `« ${webhook.url} » n’est pas l’adresse d’une automatisation : ${webhook.url.startsWith('/api/quote') ? 'servie seulement par npm start, elle garde les demandes dans data/leads.jsonl, sur cet ordinateur' : 'une adresse relative n’existe que sur le site lui-même'}. Mettez l’adresse https:// de votre webhook dans QUOTE_WEBHOOK_URL ou quoteWebhook (content/site.md), puis relancez.`,
  );
  process.exit(1);
}
const options = quoteOptions(content);
const lead = testLead({ phone: site.phone, email: site.email, city: options.cities[0]!.value, service: options.services[0]!.value }, new Date());
const result = relayed ? relayVerdict(await sendAsWorker(webhook.url, lead, crypto.randomUUID())) : verdict(delivery, origin, await sendTestLead(webhook.url, delivery, origin, lead));
for (const line of result.lines) (result.ok ? console.log : console.error)(line);
const problem = productionWebhookProblem(webhook.url);
if (problem) console.error(`Attention, la construction de production refuserait cette adresse : ${problem}`);
process.exit(result.ok ? 0 : 1);
