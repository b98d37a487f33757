import { authorize, callback } from '../host/github-oauth.ts';
import { RELAY_PATH } from '../shared/quote/lead-id.ts';
import { consume } from './deliver.ts';
import type { Env, ExecutionContext, LeadMessage, MessageBatch, ScheduledController } from './env.ts';
import { handleQuote } from './quote-endpoint.ts';
import { sweep } from './sweep.ts';

/**
 * The site's one Worker (wrangler.jsonc, docs/deploy.md « Déployer »): static assets serve dist/ with its
 * `_headers` (the share cards too, drawn by the build), and only /api/* reaches this code
 * (`run_worker_first`): the quote endpoint, the web editor's GitHub sign-in, the queue consumer
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
    return env.ASSETS.fetch(request);
  },

  async queue(batch: MessageBatch<LeadMessage>, env: Env): Promise<void> {
    await consume(batch, env);
  },

  /** Awaited, not handed to waitUntil: the run ends when the sweep does, and a failed step marks it failed. */
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    const r = await sweep(env, controller.scheduledTime);
    if (r.requeued || r.triedDirectly || r.alerted || r.intakeAlerted || r.purged) {
      console.log(`[devis] cron : ${r.requeued} remise(s) en file, ${r.triedDirectly} essayée(s) directement, alerte ${r.alerted ? 'envoyée' : 'non'}, refus signalés ${r.intakeAlerted ? 'oui' : 'non'}, ${r.purged} détruite(s)`);
    }
    if (r.failed.length) throw new Error(`cron : ${r.failed.map((f) => f.step).join(', ')} en échec`);
  },
};
