import { DAY_MS, DELIVERY } from '../../src/leads/delivery.ts';
import { HONEYPOT_FIELD, RELAY_PATH } from '../../src/shared/quote/lead-id.ts';
import { dropPending, keepPending, refusedForContent, relayRequest, resendPending } from '../../src/shared/quote/pending-leads.ts';
import { type Behaviour, leadSandbox, type LeadSandbox, sampleLead } from '../lib/fake-webhook.ts';

/** One fault of the matrix and what it did to its leads. */
export interface FaultRow {
  fault: string;
  /** Leads visitors sent (each once, whatever the fault made of its requests). */
  sent: number;
  /** Forged requests a bot sent beside them. */
  bots: number;
  /** Leads that reached the owner by no channel: neither their e-mail nor the webhook. */
  lost: number;
  /** Leads some configured channel never got (the e-mail, or the webhook for a lead not suspect). */
  incomplete: number;
  /** Leads the webhook acted on more than once: what an automation that ignores Idempotency-Key sees. */
  duplicatedKeyIgnored: number;
  /** Leads that reached the webhook under more than one key: what fools even one that honours it. */
  duplicatedKeyHonoured: number;
  /** Leads whose e-mail copy reached the owner more than once. */
  mailedTwice: number;
  /** Bot requests kept as a lead that is not marked suspect, or sent to the webhook. */
  botRowsUnmarked: number;
  /** Minutes, on the cron's clock, until the owner had every lead or an alert naming it (the slowest lead); null when no lead needed it. */
  toldMinutes: number;
  /** Minutes from submit to every channel done, for the slowest lead. */
  deliveryMinutes: number;
  webhookRequests: number;
}

/** A lead of the matrix: `suspect` sends the hidden field filled; `mailOnly` expects no webhook delivery (it stays down). */
type Lead = ReturnType<typeof sampleLead> & { suspect?: boolean; mailOnly?: boolean };
const lead = (n: number): Lead => sampleLead(n, (['normal', 'urgent', 'emergency'] as const)[n % 3]);
/** Each visitor has an address of their own: the rate limit is per client. */
const visitor = (n: number) => ({ 'CF-Connecting-IP': `198.51.${(n >> 8) & 255}.${n & 255}` });

/** Waits until the sandbox has settled: `done` true, or nothing changed for a while. */
async function quiet(w: LeadSandbox, done: () => boolean): Promise<void> {
  let last = -1;
  let still = 0;
  while (!done() && still < 20) {
    const now = w.webhook.requests + w.emails.length;
    still = now === last ? still + 1 : 0;
    last = now;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every channel done for every lead: its e-mail copy, and the webhook unless it is suspect. */
const complete = (w: LeadSandbox, leads: Lead[]) => () => leads.every((l) => copies(w, l).length > 0 && (!wantsWebhook(l) || w.webhook.accepted.has(l.id)));
const wantsWebhook = (l: Lead) => !l.suspect && !l.mailOnly;
const copies = (w: LeadSandbox, l: Lead) => w.emails.map((e, i) => [e, i] as const).filter(([e]) => e.includes(`Identifiant : ${l.id}`));

/** How many of these leads D1 still holds undelivered: the Worker may try one again even after the webhook got it. */
async function undelivered(w: LeadSandbox, leads: Lead[]): Promise<number> {
  const ids = JSON.stringify(leads.map((l) => l.id));
  const row = (await w.db.prepare(`SELECT COUNT(*) AS n FROM leads WHERE state != 'delivered' AND id IN (SELECT value FROM json_each(?1))`).bind(ids).first()) as { n: number };
  return row.n;
}

/**
 * Runs the cron every 5 minutes of its clock, as Cloudflare does, until every lead reached every
 * channel and D1 holds none of them undelivered (a lead the webhook took may still be tried again).
 */
async function settle(w: LeadSandbox, leads: Lead[]): Promise<void> {
  let clock = w.now();
  for (let round = 0; round < 120; round++) {
    await quiet(w, complete(w, leads));
    if (complete(w, leads)() && (await undelivered(w, leads)) === 0) return;
    clock = Math.max(clock, w.now()) + 5 * 60_000;
    await w.cron(clock);
  }
}

/**
 * The visitor's browser in relay mode, with the site's own outbox code (src/shared/quote/
 * pending-leads.ts): the lead is kept under its id, sent, and forgotten only once stored or
 * refused for its content; `edge` may answer instead of the Worker (a firewall, a cut network).
 * `nextPageLoad` runs the outbox's re-send as the page script does.
 */
function browsers(w: LeadSandbox, leads: Lead[]) {
  const items = new Map<string, string>();
  const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
  const who = new Map<string, number>(leads.map((l, i) => [l.id, i]));
  const toWorker = (init: RequestInit) => {
    const id = new Headers(init.headers).get('Idempotency-Key')!;
    return w.mf.dispatchFetch(new URL(RELAY_PATH, w.url), { ...(init as object), headers: { ...(init.headers as Record<string, string>), ...visitor(who.get(id)!) } }) as unknown as Promise<Response>;
  };
  return {
    async submit(edge: (l: Lead, i: number) => Response | 'offline' | undefined = () => undefined): Promise<number[]> {
      return Promise.all(
        leads.map(async (l, i) => {
          const body = JSON.stringify({ ...l.payload, ...(l.suspect ? { [HONEYPOT_FIELD]: 'https://autofill.test' } : {}) });
          keepPending(storage, l.id, { body, values: body, at: Date.now() });
          const answer = edge(l, i);
          if (answer === 'offline') return 0;
          const response = answer ?? (await toWorker(relayRequest(l.id, body)));
          if (response.ok || (await refusedForContent(response))) dropPending(storage, l.id);
          return response.status;
        }),
      );
    },
    async nextPageLoad(): Promise<void> {
      const real = globalThis.fetch;
      globalThis.fetch = ((_: string, init: RequestInit) => toWorker(init)) as typeof fetch;
      try {
        await resendPending(storage, Date.now());
      } finally {
        globalThis.fetch = real;
      }
    },
  };
}

type Scenario = {
  fault: string;
  /** The Worker gives up on the webhook after 1 s instead of 10 s (only where it hangs). */
  quick?: boolean;
  run: (w: LeadSandbox, leads: Lead[]) => Promise<{ bots?: number }>;
};

const failing =
  (behaviours: Behaviour[], first: number): Scenario['run'] =>
  async (w, leads) => {
    w.webhook.script = Array.from({ length: first }, (_, i) => behaviours[i % behaviours.length]!);
    await browsers(w, leads).submit();
    return {};
  };

/** Leads as a Worker that died after storing them leaves them: in D1, never queued. */
async function storedOnly(w: LeadSandbox, leads: Lead[], receivedAt: number, state = 'pending'): Promise<void> {
  await w.db.batch(
    leads.map((l) =>
      w.db.prepare(`INSERT INTO leads (id, received_at, payload, state, attempts, next_at) VALUES (?1, ?2, ?3, ?4, 0, ?5)`).bind(l.id, receivedAt, JSON.stringify(l.payload), state, Date.now() + DELIVERY.leaseMs),
    ),
  );
}

/** Waits until the webhook has acted on every lead at least once. */
async function actedOnAll(w: LeadSandbox, leads: Lead[]): Promise<void> {
  await quiet(w, () => leads.every((l) => w.webhook.accepted.has(l.id)));
}

export const SCENARIOS: Scenario[] = [
  { fault: 'webhook answers 500 (first 150 requests)', run: failing([500], 150) },
  { fault: 'webhook answers 410 Gone (first 150 requests)', run: failing([410], 150) },
  { fault: 'webhook answers 429 Too Many Requests (first 150 requests)', run: failing([429], 150) },
  { fault: 'webhook never answers (timeout, first 12 requests)', quick: true, run: failing(['timeout'], 12) },
  { fault: 'webhook unreachable (first 150 requests)', run: failing(['unreachable'], 150) },
  { fault: 'webhook redirects (301, 302, 303, 307; first 150 requests)', run: failing([301, 302, 303, 307], 150) },
  { fault: 'webhook acts, then answers after the timeout (first 12 requests)', quick: true, run: failing(['late'], 12) },
  {
    fault: 'webhook down past the queue retries (dead letter, then cron)',
    run: async (w, leads) => {
      w.webhook.fallback = 500;
      await browsers(w, leads).submit();
      const stalled = async () => ((await w.db.prepare(`SELECT COUNT(*) AS n FROM leads WHERE state = 'stalled'`).first()) as { n: number }).n;
      for (const until = Date.now() + 60_000; Date.now() < until && (await stalled()) < leads.length; ) await new Promise((r) => setTimeout(r, 100));
      w.webhook.fallback = 'ok';
      return {};
    },
  },
  {
    fault: 'webhook takes the lead, then D1 fails to mark it delivered',
    run: async (w, leads) => {
      await w.faults({ d1: ['webhook_at = ?2'] });
      await browsers(w, leads).submit();
      await actedOnAll(w, leads);
      await w.faults({});
      return {};
    },
  },
  {
    fault: 'owner e-mail refused (send_email throws) for a while',
    run: async (w, leads) => {
      await w.faults({ email: true });
      await browsers(w, leads).submit();
      await actedOnAll(w, leads);
      await w.faults({});
      return {};
    },
  },
  {
    fault: 'D1 refuses the write (the browser re-sends on the next page load)',
    run: async (w, leads) => {
      await w.faults({ d1: ['INSERT INTO leads'] });
      const b = browsers(w, leads);
      await b.submit();
      await w.faults({});
      await b.nextPageLoad();
      return {};
    },
  },
  {
    fault: 'D1 unavailable at the rate limiter (the browser re-sends on the next page load)',
    run: async (w, leads) => {
      await w.faults({ d1: ['rate_hits'] });
      const b = browsers(w, leads);
      await b.submit();
      await w.faults({});
      await w.cron(w.now() + 60_000);
      await b.nextPageLoad();
      return {};
    },
  },
  {
    fault: '/contact unreadable once, in a fresh isolate (the browser re-sends)',
    run: async (w, leads) => {
      await w.faults({ contactFailures: 1 });
      const b = browsers(w, leads);
      await b.submit();
      await b.nextPageLoad();
      return {};
    },
  },
  {
    fault: 'edge answers 403 or 405 (firewall, Bot Fight Mode) to the first send',
    run: async (w, leads) => {
      const b = browsers(w, leads);
      await b.submit((_, i) => new Response('<!doctype html><title>Access denied</title>', { status: i % 2 ? 403 : 405, headers: { 'Content-Type': 'text/html' } }));
      await b.nextPageLoad();
      return {};
    },
  },
  {
    fault: 'visitor offline at submit (the outbox re-sends on the next page load)',
    run: async (w, leads) => {
      const b = browsers(w, leads);
      await b.submit(() => 'offline');
      await b.nextPageLoad();
      return {};
    },
  },
  {
    fault: 'Worker dies after storing, before queueing',
    run: async (w, leads) => {
      await storedOnly(w, leads, Date.now());
      return {};
    },
  },
  {
    fault: 'Worker dies before queueing, and the queue refuses the cron too',
    run: async (w, leads) => {
      await storedOnly(w, leads, Date.now());
      await w.faults({ queue: true });
      return {};
    },
  },
  {
    fault: 'queue daily quota used up (every send refused, at intake and in the cron)',
    run: async (w, leads) => {
      await w.faults({ queue: true });
      await browsers(w, leads).submit();
      return {};
    },
  },
  {
    fault: 'queue delivers every message twice',
    run: async (w, leads) => {
      await browsers(w, leads).submit();
      const queue = await w.mf.getQueueProducer<{ id: string }>('LEAD_QUEUE');
      await Promise.all(leads.map((l) => queue.send({ id: l.id })));
      return {};
    },
  },
  {
    fault: 'double click (two requests, same id, at once)',
    run: async (w, leads) => {
      const b = browsers(w, leads);
      await Promise.all([b.submit(), b.submit()]);
      return {};
    },
  },
  {
    fault: 'retry after a lost response (same id sent again)',
    run: async (w, leads) => {
      const b = browsers(w, leads);
      await b.submit();
      await b.submit();
      return {};
    },
  },
  {
    fault: 'hidden field filled by autofill (kept as suspect, e-mailed, not sent to the webhook)',
    run: async (w, leads) => {
      for (const l of leads) l.suspect = true;
      await browsers(w, leads).submit();
      return {};
    },
  },
  {
    fault: 'retention period reached by leads never delivered (webhook down, e-mail down at first)',
    run: async (w, leads) => {
      for (const l of leads) l.mailOnly = true;
      await w.faults({ email: true });
      w.webhook.fallback = 500;
      await storedOnly(w, leads, Date.now() - 91 * DAY_MS, 'stalled');
      await w.cron(w.now());
      await w.faults({});
      return {};
    },
  },
  {
    fault: 'bot posting straight to the endpoint (200 forged requests beside the leads)',
    run: async (w, leads) => {
      const bot = { 'CF-Connecting-IP': '203.0.113.66' };
      const forged = Array.from({ length: 200 }, (_, i) => {
        const l = sampleLead(10_000 + i);
        // What a script sends without the form: the hidden field filled, no id, values the form never offers.
        const kinds = [{ id: l.id, payload: { ...l.payload, website: 'https://spam.test' } }, { payload: l.payload }, { id: l.id, payload: { ...l.payload, city: 'moscou' } }, { id: l.id, payload: { ...l.payload, urgencyLabel: 'URGENT!!!' } }];
        return w.post(kinds[i % kinds.length]!, i % 8 === 0 ? { ...bot, Origin: 'https://spam.test' } : bot);
      });
      await Promise.all([...forged, browsers(w, leads).submit()]);
      return { bots: 200 };
    },
  },
  {
    fault: 'webhook flaky (every other request 500) and queue delivering twice',
    run: async (w, leads) => {
      w.webhook.script = Array.from({ length: 200 }, (_, i) => (i % 2 ? 'ok' : 500));
      await browsers(w, leads).submit();
      const queue = await w.mf.getQueueProducer<{ id: string }>('LEAD_QUEUE');
      await Promise.all(leads.map((l) => queue.send({ id: l.id })));
      return {};
    },
  },
];

/**
 * Runs every fault on `perFault` leads each, each in a Worker of its own in workerd (a fresh
 * isolate, as after a deploy: nothing one fault left in memory helps or hurts the next), and counts.
 */
export async function measureWorkerFaults(assets: string, perFault = 90, log: (line: string) => void = () => {}): Promise<FaultRow[]> {
  const rows: FaultRow[] = [];
  let n = 0;
  for (const scenario of SCENARIOS) {
    // The production timeout (10 s) everywhere the webhook answers; 1 s only where it hangs.
    const w = await leadSandbox(assets, { WEBHOOK_TIMEOUT_MS: scenario.quick ? '1000' : String(DELIVERY.timeoutMs) });
    try {
      log(`Worker : ${scenario.fault}…`);
      rows.push(await measure(w, scenario, Array.from({ length: perFault }, () => lead(n++))));
    } finally {
      await w.stop();
    }
  }
  return rows;
}

async function measure(w: LeadSandbox, scenario: Scenario, leads: Lead[]): Promise<FaultRow> {
  const submitted = w.now();
  const { bots = 0 } = await scenario.run(w, leads);
  await settle(w, leads);
  const ids = new Set<string>(leads.map((l) => l.id));
  const rows = (await w.db.prepare('SELECT id, suspect, webhook_at FROM leads').all()).results as { id: string; suspect: number; webhook_at: number | null }[];
  const minutes = (at: number) => Math.max(0, Math.round((at - submitted) / 60_000));
  const toldAt = (l: Lead) => {
    const named = w.emails.findIndex((e) => e.includes(`Identifiant : ${l.id}`) || e.includes(`· ${l.payload.name} ·`));
    return Math.min(named >= 0 ? w.emailedAt[named]! : Infinity, w.webhook.firstActedAt.get(l.id) ?? Infinity);
  };
  const doneAt = (l: Lead) => Math.max(copies(w, l)[0] ? w.emailedAt[copies(w, l)[0]![1]]! : Infinity, wantsWebhook(l) ? (w.webhook.firstActedAt.get(l.id) ?? Infinity) : -Infinity);
  const finite = (xs: number[]) => xs.filter(Number.isFinite);
  return {
    fault: scenario.fault,
    sent: leads.length,
    bots,
    lost: leads.filter((l) => copies(w, l).length === 0 && !w.webhook.accepted.has(l.id)).length,
    incomplete: leads.filter((l) => !Number.isFinite(doneAt(l))).length,
    duplicatedKeyIgnored: leads.filter((l) => (w.webhook.accepted.get(l.id) ?? 0) > 1).length,
    duplicatedKeyHonoured: leads.filter((l) => (w.webhook.keysByLead.get(l.payload.message)?.size ?? 0) > 1).length,
    mailedTwice: leads.filter((l) => copies(w, l).length > 1).length,
    botRowsUnmarked: rows.filter((r) => !ids.has(r.id) && (r.suspect !== 1 || r.webhook_at !== null)).length,
    toldMinutes: Math.max(0, ...finite(leads.map(toldAt)).map(minutes)),
    deliveryMinutes: Math.max(0, ...finite(leads.map(doneAt)).map(minutes)),
    webhookRequests: w.webhook.requests,
  };
}

/**
 * A fault's goal: every lead reaches the owner and every channel, none under two keys, no bot
 * request kept unmarked, the owner told within 15 minutes. A webhook that ignores the key may see
 * a lead twice (at least once is the promise): counted, not failed.
 */
export const faultMet = (r: FaultRow): boolean => r.lost === 0 && r.incomplete === 0 && r.duplicatedKeyHonoured === 0 && r.botRowsUnmarked === 0 && r.toldMinutes <= 15;

export function faultTable(rows: FaultRow[]): string {
  const total = (k: 'sent' | 'bots' | 'lost' | 'incomplete' | 'duplicatedKeyHonoured' | 'duplicatedKeyIgnored' | 'mailedTwice' | 'botRowsUnmarked' | 'webhookRequests') => rows.reduce((s, r) => s + r[k], 0);
  return [
    '| fault (Worker in workerd) | leads sent | bot requests | lost | a channel missing | owner told (minutes) | minutes to delivery | twice, key-honouring webhook | twice, key-ignoring webhook | e-mailed twice | bot rows unmarked | webhook requests |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.fault} | ${r.sent} | ${r.bots} | ${r.lost} | ${r.incomplete} | ${r.toldMinutes} | ${r.deliveryMinutes} | ${r.duplicatedKeyHonoured} | ${r.duplicatedKeyIgnored} | ${r.mailedTwice} | ${r.botRowsUnmarked} | ${r.webhookRequests} |${faultMet(r) ? '' : ' ✗'}`,
    ),
    `| **${rows.length} faults** | ${total('sent')} | ${total('bots')} | ${total('lost')} | ${total('incomplete')} | ≤ ${Math.max(...rows.map((r) => r.toldMinutes))} | ≤ ${Math.max(...rows.map((r) => r.deliveryMinutes))} | ${total('duplicatedKeyHonoured')} | ${total('duplicatedKeyIgnored')} | ${total('mailedTwice')} | ${total('botRowsUnmarked')} | ${total('webhookRequests')} |`,
  ].join('\n');
}
