/**
 * What `npm run check:webhook` does, as a function: the settings it reads (the content's site.md,
 * QUOTE_WEBHOOK_URL, QUOTE_DELIVERY, SITE_URL), the one test lead it sends, and the lines it says,
 * each to stdout or stderr, with its exit code. tools/check-webhook.ts prints them; the tests
 * call it in their own process, and run the command itself once.
 */
import { chooseWebhook, loadContent, productionWebhookProblem } from '../../src/engine/index.ts';
import { quoteOptions } from '../../src/shared/quote/quote-options.ts';
import type { QuoteDelivery } from '../../src/shared/quote/quote-schema.ts';
import { relayVerdict, sendAsWorker, sendTestLead, testLead, verdict } from './webhook-check.ts';

export interface CheckSettings {
  contentDir: string;
  /** `--delivery`: a direct mode tried before it is written in site.md. */
  delivery?: QuoteDelivery | undefined;
  /** The variables the command reads: QUOTE_WEBHOOK_URL, QUOTE_DELIVERY, SITE_URL. */
  env: Record<string, string | undefined>;
}

export interface CheckReport {
  code: 0 | 1;
  lines: { text: string; error: boolean }[];
}

export async function checkWebhook({ contentDir, delivery: asked, env }: CheckSettings): Promise<CheckReport> {
  const lines: CheckReport['lines'] = [];
  const say = (text: string, error = false) => lines.push({ text, error });
  const content = await loadContent(contentDir);
  const { site } = content;
  // The build's own precedence: QUOTE_DELIVERY over site.md (the workflow builds with relay).
  const relayed = asked === undefined && (env.QUOTE_DELIVERY || site.quoteDelivery) === 'relay';
  // chooseWebhook in a direct mode: in relay mode the form names /api/quote, the webhook is the Worker's secret.
  const webhook = chooseWebhook(env.QUOTE_WEBHOOK_URL || undefined, site, 'no-cors');
  const delivery: QuoteDelivery = asked ?? (site.quoteDelivery === 'relay' ? 'no-cors' : site.quoteDelivery) ?? 'no-cors';
  const origin = new URL(env.SITE_URL || site.baseUrl).origin;
  say(`Webhook : ${webhook.url} (source : ${webhook.source}) · ${relayed ? 'mode relay · envoyé comme le Worker le fait (JSON, Idempotency-Key)' : `mode ${delivery} · envoyé depuis ${origin}`}`);
  if (!/^https?:\/\//.test(webhook.url)) {
    say(
      `« ${webhook.url} » n’est pas l’adresse d’une automatisation : ${webhook.url.startsWith('/api/quote') ? 'servie seulement par npm start, elle garde les demandes dans data/leads.jsonl, sur cet ordinateur' : 'une adresse relative n’existe que sur le site lui-même'}. Mettez l’adresse https:// de votre webhook dans QUOTE_WEBHOOK_URL ou quoteWebhook (content/site.md), puis relancez.`,
      true,
    );
    return { code: 1, lines };
  }
  const options = quoteOptions(content);
  const lead = testLead({ phone: site.phone, email: site.email, city: options.cities[0]!.value, service: options.services[0]!.value }, new Date());
  const result = relayed ? relayVerdict(await sendAsWorker(webhook.url, lead, crypto.randomUUID())) : verdict(delivery, origin, await sendTestLead(webhook.url, delivery, origin, lead));
  for (const line of result.lines) say(line, !result.ok);
  const problem = productionWebhookProblem(webhook.url);
  if (problem) say(`Attention, la construction de production refuserait cette adresse : ${problem}`, true);
  return { code: result.ok ? 0 : 1, lines };
}
