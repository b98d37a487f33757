import { authorize, callback } from '../host/github-oauth.ts';
import { RELAY_PATH } from '../shared/quote/lead-id.ts';
import { consume } from './deliver.ts';
import type { Env, ExecutionContext, LeadMessage, MessageBatch, ScheduledController } from './env.ts';
import { handleQuote } from './quote-endpoint.ts';
import { handleShareCard } from './share-card-route.ts';
import { CARDS_URL } from '../shared/asset-names.ts';
import { sweep } from './sweep.ts';

/**
 * The site's one Worker (wrangler.jsonc, docs/deploy.md « Déployer »): static assets serve dist/ with its
 * `_headers`, and only /api/* and /cartes/* reach this code (`run_worker_first`): the quote
 * endpoint, the web editor's GitHub sign-in, the share cards drawn on request, the queue consumer
 * and the cron.
 */
export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === RELAY_PATH) {
      if (request.method !== 'POST') return new Response('POST attendu', { status: 405, headers: { Allow: 'POST' } });
      return handleQuote(request, env, ctx);
    }
    if (pathname === '/api/auth' && request.method === 'GET') return authorize(request, env);
    if (pathname === '/api/callback' && request.method === 'GET') return callback(request, env);
    if (pathname.startsWith('/api/')) return new Response('Introuvable', { status: 404 });
    if (pathname.startsWith(CARDS_URL)) return handleShareCard(request, env, ctx);
    return env.ASSETS.fetch(request);
  },

  async queue(batch: MessageBatch<LeadMessage>, env: Env): Promise<void> {
    await consume(batch, env);
  },

  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(
      sweep(env, controller.scheduledTime).then((r) => {
        if (r.requeued || r.alerted || r.purged) console.log(`[devis] cron : ${r.requeued} remise(s) en file, alerte ${r.alerted ? 'envoyée' : 'non'}, ${r.purged} détruite(s)`);
      }),
    );
  },
};
