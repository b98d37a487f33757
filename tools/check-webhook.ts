/**
 * `npm run check:webhook`: sends one test lead, marked as such, to the webhook the build would put
 * in the form (QUOTE_WEBHOOK_URL, else quoteWebhook of content/site.md), exactly as a visitor's
 * browser sends it in the site's delivery mode (quoteDelivery), from the site's address (SITE_URL,
 * else baseUrl), and says what came back and what that means for real leads. Exits 1 when real
 * leads would be lost or the form would say the wrong thing.
 *   -- --delivery cors   tries the other mode before writing it in site.md
 *   -- --content DIR     another content folder
 */
import { parseArgs } from 'node:util';
import { loadContent } from '../src/engine/load-content.ts';
import { productionWebhookProblem } from '../src/engine/production-webhook.ts';
import { chooseWebhook } from '../src/engine/phases/site-data.ts';
import { quoteOptions } from '../src/shared/quote/quote-options.ts';
import { QUOTE_DELIVERIES, type QuoteDelivery } from '../src/shared/quote/quote-schema.ts';
import { sendTestLead, testLead, verdict } from './lib/webhook-check.ts';

const { values } = parseArgs({ options: { content: { type: 'string', default: 'content' }, delivery: { type: 'string' } } });
if (values.delivery !== undefined && !QUOTE_DELIVERIES.includes(values.delivery as QuoteDelivery)) {
  console.error(`--delivery ${values.delivery} : ${QUOTE_DELIVERIES.join(' ou ')} attendu`);
  process.exit(2);
}
const content = await loadContent(values.content);
const { site } = content;
// In relay mode the page posts to the Worker, which posts to QUOTE_WEBHOOK_URL from Cloudflare's
// network, reading the status as Node does: the check sends it as the no-cors mode does, and says so.
const relayed = site.quoteDelivery === 'relay' && values.delivery === undefined;
const webhook = chooseWebhook(process.env.QUOTE_WEBHOOK_URL || undefined, site, 'no-cors');
const delivery: QuoteDelivery = (values.delivery as QuoteDelivery | undefined) ?? (site.quoteDelivery === 'relay' ? 'no-cors' : site.quoteDelivery) ?? 'no-cors';
if (relayed) console.log('Mode relay : le Worker transmet chaque demande gardée ; voici ce que le webhook lui répondrait (un refus, le Worker réessaie puis vous alerte).');
const origin = new URL(process.env.SITE_URL || site.baseUrl).origin;

console.log(`Webhook : ${webhook.url} (source : ${webhook.source}) · mode ${delivery} · envoyé depuis ${origin}`);
if (!/^https?:\/\//.test(webhook.url)) {
  console.error(
    `« ${webhook.url} » n’est pas l’adresse d’une automatisation : ${webhook.url.startsWith('/api/quote') ? 'servie seulement par npm start, elle garde les demandes dans data/leads.jsonl, sur cet ordinateur' : 'une adresse relative n’existe que sur le site lui-même'}. Mettez l’adresse https:// de votre webhook dans QUOTE_WEBHOOK_URL ou quoteWebhook (content/site.md), puis relancez.`,
  );
  process.exit(1);
}
const options = quoteOptions(content);
const lead = testLead({ phone: site.phone, email: site.email, city: options.cities[0]!.value, service: options.services[0]!.value }, new Date());
const result = verdict(delivery, origin, await sendTestLead(webhook.url, delivery, origin, lead));
for (const line of result.lines) (result.ok ? console.log : console.error)(line);
const problem = productionWebhookProblem(webhook.url);
if (problem) console.error(`Attention, la construction de production refuserait cette adresse : ${problem}`);
process.exit(result.ok ? 0 : 1);
