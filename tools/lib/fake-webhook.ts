import { readFileSync } from 'node:fs';
import { startWorker } from './worker-sandbox.ts';

/** How the fake automation answers one request. */
export type Behaviour = 'ok' | 500 | 410 | 'timeout' | 'unreachable';

/**
 * The automation behind the webhook, as the Worker meets it: it answers each request by the next
 * behaviour of its script (then `fallback`), and counts a lead as received only when it answered
 * 2xx, so "delivered twice" means the automation acted on one lead twice.
 */
export class FakeWebhook {
  script: Behaviour[] = [];
  fallback: Behaviour = 'ok';
  /** Lead id → times the automation accepted it. */
  readonly accepted = new Map<string, number>();
  readonly bodies = new Map<string, string>();
  requests = 0;
  private hanging: (() => void)[] = [];

  readonly handle = async (request: Request): Promise<Response> => {
    this.requests += 1;
    const behaviour = this.script.shift() ?? this.fallback;
    if (behaviour === 'unreachable') throw new Error('connect ECONNREFUSED');
    if (behaviour === 'timeout') {
      // Never answers: the Worker's timeout gives up, and the automation did not act on it.
      await new Promise<void>((resolve) => this.hanging.push(resolve));
      return new Response('trop tard', { status: 504 });
    }
    if (behaviour !== 'ok') return new Response('refusé', { status: behaviour });
    const id = request.headers.get('Idempotency-Key') ?? '(sans id)';
    this.accepted.set(id, (this.accepted.get(id) ?? 0) + 1);
    this.bodies.set(id, await request.text());
    return new Response('ok', { status: 200 });
  };

  duplicates(): number {
    return [...this.accepted.values()].filter((n) => n > 1).length;
  }

  release(): void {
    this.hanging.splice(0).forEach((r) => r());
  }
}

/** A valid lead as the form sends it (spec §7), with its id. */
export function sampleLead(n: number, urgency: 'normal' | 'urgent' | 'emergency' = 'normal') {
  const labels = { normal: 'Normal', urgent: '⚠️ Urgent', emergency: '🚨 URGENCE' };
  return {
    id: crypto.randomUUID(),
    payload: { name: `Client ${n}`, phone: '819 555-0142', email: '', city: 'hull', service: 'elagage', urgency, message: `Érable penché n° ${n}`, timestamp: new Date(Date.UTC(2026, 4, 1, 12, 0, n % 60)).toISOString(), urgencyLabel: labels[urgency] },
  };
}

/**
 * The Worker in workerd with the fake webhook, the e-mails it sent, and helpers to read D1
 * (`persist`: D1 kept in that folder, see SandboxOptions).
 */
export async function leadSandbox(assets: string, bindings: Record<string, string> = {}, persist?: string) {
  const webhook = new FakeWebhook();
  const emails: string[] = [];
  const sandbox = await startWorker({
    assets,
    bindings,
    persist,
    outbound: webhook.handle,
    log: (line) => {
      const file = /send_email binding called with the following message:\s*Email: (\S+\.eml)/.exec(line.replace(/\x1b\[[0-9;]*m/g, ''))?.[1];
      if (file) emails.push(readFileSync(file, 'utf8'));
    },
  });
  const db = await sandbox.mf.getD1Database('DB');
  // Miniflare types its Fetcher with workers-types, which this project does not load.
  const worker = (await sandbox.mf.getWorker()) as unknown as { scheduled(o: { scheduledTime: Date; cron: string }): Promise<{ outcome: string }> };
  return {
    ...sandbox,
    webhook,
    emails,
    db,
    post(lead: { id?: string; payload: object }, headers: Record<string, string> = {}) {
      return sandbox.mf.dispatchFetch(new URL('/api/quote', sandbox.url), {
        method: 'POST',
        body: JSON.stringify(lead.payload),
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...(lead.id ? { 'Idempotency-Key': lead.id } : {}), ...headers },
      });
    },
    /** Runs the cron as if it fired at `at`. */
    cron(at: number) {
      return worker.scheduled({ scheduledTime: new Date(at), cron: '*/5 * * * *' });
    },
    async rows(): Promise<{ id: string; state: string; attempts: number; last_error: string | null; received_at: number }[]> {
      return (await db.prepare('SELECT id, state, attempts, last_error, received_at FROM leads ORDER BY received_at').all()).results as never;
    },
    async reset() {
      await db.batch([db.prepare('DELETE FROM leads'), db.prepare('DELETE FROM rate_hits'), db.prepare('DELETE FROM alerts')]);
      webhook.script = [];
      webhook.fallback = 'ok';
      webhook.accepted.clear();
      webhook.requests = 0;
      emails.length = 0;
    },
    async stop() {
      webhook.release();
      await sandbox.mf.dispose();
    },
  };
}
export type LeadSandbox = Awaited<ReturnType<typeof leadSandbox>>;
