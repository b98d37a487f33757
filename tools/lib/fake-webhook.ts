import { readFileSync } from 'node:fs';
import type { Faults } from './faulty-worker.ts';
import type { WebhookItem } from './n8n-recipe.ts';
import { emlPathIn, keepEmail } from './mailbox.ts';
import { startWorker } from './worker-sandbox.ts';

/** How the fake automation answers one request. */
export type Behaviour = 'ok' | 500 | 410 | 429 | 301 | 302 | 303 | 307 | 'timeout' | 'late' | 'unreachable';

const REDIRECTS: readonly Behaviour[] = [301, 302, 303, 307];

/**
 * The automation behind the webhook, as the Worker meets it: it answers each request by the next
 * behaviour of its script (then `fallback`), and counts a lead as received only when it answered
 * 2xx, so "delivered twice" means the automation acted on one lead twice.
 */
export class FakeWebhook {
  script: Behaviour[] = [];
  fallback: Behaviour = 'ok';
  /** Lead id → times the automation accepted it (acted on it). */
  readonly accepted = new Map<string, number>();
  /** Lead id → when it first acted on it, on the sandbox's clock. */
  readonly firstActedAt = new Map<string, number>();
  /** A lead's message → the Idempotency-Keys it came with: more than one would fool even a webhook that honours the key. */
  readonly keysByLead = new Map<string, Set<string>>();
  /** The sandbox's clock (real time plus how far the cron was moved ahead). */
  now: () => number = Date.now;
  readonly bodies = new Map<string, string>();
  requests = 0;
  /** Requests that followed a redirect to the address that keeps nothing. */
  followed = 0;
  /** What the automation does with each lead it takes, as n8n's Webhook node hands it on (a recipe of docs/automations.md). */
  automation: ((item: WebhookItem) => void) | undefined;
  private hanging: (() => void)[] = [];

  readonly handle = async (request: Request): Promise<Response> => {
    // The address a redirect points at answers 200 to anything and keeps nothing, as a moved
    // scenario's old address does: only a POST with its body to the webhook itself is a lead taken.
    if (new URL(request.url).pathname === '/ailleurs') {
      this.followed += 1;
      return new Response('ok', { status: 200 });
    }
    this.requests += 1;
    const behaviour = this.script.shift() ?? this.fallback;
    if (behaviour === 'unreachable') throw new Error('connect ECONNREFUSED');
    if (behaviour === 'late') {
      // Acts on the lead, then answers after the Worker gave up: the Worker cannot know it was taken.
      await this.act(request);
      await new Promise<void>((resolve) => this.hanging.push(resolve));
      return new Response('trop tard', { status: 200 });
    }
    if (behaviour === 'timeout') {
      // Never answers: the Worker's timeout gives up, and the automation did not act on it.
      await new Promise<void>((resolve) => this.hanging.push(resolve));
      return new Response('trop tard', { status: 504 });
    }
    if (REDIRECTS.includes(behaviour)) return new Response(null, { status: behaviour as number, headers: { Location: 'https://webhook.test/ailleurs' } });
    if (behaviour !== 'ok') return new Response('refusé', { status: behaviour as number });
    await this.act(request);
    return new Response('ok', { status: 200 });
  };

  private async act(request: Request): Promise<void> {
    const id = request.headers.get('Idempotency-Key') ?? '(sans id)';
    const body = await request.text();
    this.accepted.set(id, (this.accepted.get(id) ?? 0) + 1);
    if (!this.firstActedAt.has(id)) this.firstActedAt.set(id, this.now());
    this.bodies.set(id, body);
    this.automation?.({ headers: Object.fromEntries([...request.headers].map(([k, v]) => [k.toLowerCase(), v])), body: JSON.parse(body) as unknown });
    const message = (JSON.parse(body) as { message: string }).message;
    this.keysByLead.set(message, (this.keysByLead.get(message) ?? new Set()).add(id));
  }

  duplicates(): number {
    return [...this.accepted.values()].filter((n) => n > 1).length;
  }

  release(): void {
    this.hanging.splice(0).forEach((r) => r());
  }
}

/** A valid lead as the form sends it, with its id. */
export function sampleLead(n: number, urgency: 'normal' | 'urgent' | 'emergency' = 'normal') {
  const labels = { normal: 'Normal', urgent: '⚠️ Urgent', emergency: '🚨 URGENCE' };
  return {
    id: crypto.randomUUID(),
    payload: { name: `Client ${n}`, phone: '819 555-0142', email: '', city: 'hull', service: 'elagage', urgency, message: `Érable penché n° ${n}`, timestamp: new Date(Date.UTC(2026, 4, 1, 12, 0, n % 60)).toISOString(), urgencyLabel: labels[urgency] },
  };
}

/**
 * The Worker in workerd with the fake webhook, the e-mails it sent, and helpers to read D1
 * (`persist`: D1 kept in that folder, see SandboxOptions; `mailbox`: each e-mail also copied
 * there, as `npm run worker` does for `npm run mailbox`; `inspect`: workerd's inspector open).
 */
export async function leadSandbox(assets: string, bindings: Record<string, string> = {}, { persist, mailbox, inspect }: { persist?: string; mailbox?: string; inspect?: boolean } = {}) {
  const webhook = new FakeWebhook();
  const emails: string[] = [];
  /** When each of `emails` left, on the sandbox's clock. */
  const emailedAt: number[] = [];
  /** How far ahead of real time the last cron ran: events after it are that much later on the sandbox's clock. */
  let skew = 0;
  const now = () => Date.now() + skew;
  webhook.now = now;
  const sandbox = await startWorker({
    assets,
    bindings,
    persist,
    inspect,
    faults: true,
    outbound: webhook.handle,
    log: (line) => {
      const file = emlPathIn(line);
      if (!file) return;
      emails.push(readFileSync(file, 'utf8'));
      emailedAt.push(now());
      if (mailbox) keepEmail(file, mailbox);
    },
  });
  const db = await sandbox.mf.getD1Database('DB');
  /** Turns on these faults (tools/lib/faulty-worker.ts), and off every other. */
  const faults = async (on: Faults) => {
    await sandbox.mf.dispatchFetch(new URL('/__faults', sandbox.url), { method: 'POST', body: JSON.stringify(on) });
  };
  // Miniflare types its Fetcher with workers-types, which this project does not load.
  const worker = (await sandbox.mf.getWorker()) as unknown as { scheduled(o: { scheduledTime: Date; cron: string }): Promise<{ outcome: string }> };
  return {
    ...sandbox,
    webhook,
    emails,
    emailedAt,
    now,
    db,
    post(lead: { id?: string; payload: object }, headers: Record<string, string> = {}) {
      return sandbox.mf.dispatchFetch(new URL('/api/quote', sandbox.url), {
        method: 'POST',
        body: JSON.stringify(lead.payload),
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...(lead.id ? { 'Idempotency-Key': lead.id } : {}), ...headers },
      });
    },
    faults,
    /** Runs the cron as if it fired at `at`; the sandbox's clock moves on to it when it is ahead. */
    cron(at: number) {
      skew = Math.max(skew, at - Date.now());
      return worker.scheduled({ scheduledTime: new Date(at), cron: '*/5 * * * *' });
    },
    async rows(): Promise<{ id: string; state: string; attempts: number; last_error: string | null; received_at: number }[]> {
      return (await db.prepare('SELECT id, state, attempts, last_error, received_at FROM leads ORDER BY received_at').all()).results as never;
    },
    async reset() {
      await faults({});
      await db.batch(['leads', 'rate_hits', 'alerts', 'intake_failures'].map((table) => db.prepare(`DELETE FROM ${table}`)));
      webhook.script = [];
      webhook.fallback = 'ok';
      webhook.accepted.clear();
      webhook.firstActedAt.clear();
      webhook.keysByLead.clear();
      webhook.requests = 0;
      webhook.followed = 0;
      webhook.automation = undefined;
      emails.length = 0;
      emailedAt.length = 0;
      skew = 0;
    },
    async stop() {
      webhook.release();
      await sandbox.mf.dispose();
    },
  };
}
export type LeadSandbox = Awaited<ReturnType<typeof leadSandbox>>;
