import worker from '../../src/worker/index.ts';
import type { D1, D1Statement, Env, ExecutionContext, LeadMessage, MessageBatch, ScheduledController } from '../../src/worker/env.ts';

/**
 * The Worker with faults the tests and the fault matrix turn on while it runs (POST /__faults):
 * what Miniflare cannot make its real bindings do. Bundled instead of src/worker/index.ts by the
 * sandbox (tools/lib/worker-sandbox.ts `faults`), never deployed.
 */
export interface Faults {
  /** Every queue send refused, as when the Free plan's daily operations are used up. */
  queue?: boolean;
  /** Every e-mail refused, as for an address that is not verified. */
  email?: boolean;
  /** D1 statements whose SQL contains one of these refused ('' refuses them all). */
  d1?: string[];
  /** Only this many of those refused, the later ones run (all of them when absent). */
  d1Failures?: number;
  /** This many reads of /contact answered 500. */
  contactFailures?: number;
}

let faults: Faults = {};

const refused = (what: string) => Promise.reject(new Error(what));

/** Each statement handed out, with its SQL and the real statement behind it (for `batch`). */
const behind = new WeakMap<D1Statement, { sql: string; real: D1Statement }>();

function faultyD1(db: D1): D1 {
  const fails = (sql: string) => {
    if (!(faults.d1 ?? []).some((part) => sql.includes(part)) || faults.d1Failures === 0) return false;
    if (faults.d1Failures !== undefined) faults.d1Failures -= 1;
    return true;
  };
  const statement = (sql: string, real: D1Statement): D1Statement => {
    const s: D1Statement = {
      bind: (...values) => statement(sql, real.bind(...values)),
      run: () => (fails(sql) ? refused('D1_ERROR: injected') : real.run()),
      first: <T>() => (fails(sql) ? refused('D1_ERROR: injected') : real.first<T>()),
      all: <T>() => (fails(sql) ? refused('D1_ERROR: injected') : real.all<T>()),
    };
    behind.set(s, { sql, real });
    return s;
  };
  return {
    prepare: (sql) => statement(sql, db.prepare(sql)),
    batch: (statements) => {
      const reals = statements.map((s) => behind.get(s)!);
      return reals.some((r) => fails(r.sql)) ? refused('D1_ERROR: injected') : db.batch(reals.map((r) => r.real));
    },
  };
}

function faulty(env: Env): Env {
  return {
    ...env,
    DB: faultyD1(env.DB),
    LEAD_QUEUE: {
      send: (body, options) => (faults.queue ? refused('Queue send failed: daily operations limit exceeded') : env.LEAD_QUEUE.send(body, options)),
      sendBatch: (messages) => (faults.queue ? refused('Queue sendBatch failed: daily operations limit exceeded') : env.LEAD_QUEUE.sendBatch(messages)),
    },
    ...(env.SEND_EMAIL ? { SEND_EMAIL: { send: (m: unknown) => (faults.email ? refused('destination address not verified') : env.SEND_EMAIL!.send(m)) } } : {}),
    ASSETS: {
      fetch: (request) => {
        const path = new URL(typeof request === 'string' ? request : request.url).pathname;
        if (path === '/contact' && (faults.contactFailures ?? 0) > 0) {
          faults.contactFailures! -= 1;
          return Promise.resolve(new Response('indisponible', { status: 500 }));
        }
        return env.ASSETS.fetch(request);
      },
    },
  };
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (new URL(request.url).pathname === '/__faults') {
      faults = (await request.json()) as Faults;
      return new Response(null, { status: 204 });
    }
    return worker.fetch(request, faulty(env), ctx);
  },
  queue: (batch: MessageBatch<LeadMessage>, env: Env) => worker.queue(batch, faulty(env)),
  scheduled: (controller: ScheduledController, env: Env) => worker.scheduled(controller, faulty(env)),
};
