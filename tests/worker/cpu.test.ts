import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY_MS, DELIVERY, DIRECT_ATTEMPTS_PER_SWEEP } from '../../src/leads/delivery.ts';
import { ALERT_LIST_MAX } from '../../src/worker/alert-email.ts';
import { sampleLead } from '../../tools/lib/fake-webhook.ts';
import { isolateProfiler } from '../../tools/lib/isolate-cpu.ts';
import { SANDBOX_WORKER } from '../../tools/lib/worker-sandbox.ts';
import { workerdCpuMs } from '../../tools/lib/workerd-cpu.ts';
import { workerPerFile } from '../helpers/worker-sandbox.ts';

// The web editor's sign-in configured, so that /api/auth and /api/callback run their real paths.
const sandbox = workerPerFile({ GITHUB_CLIENT_ID: 'client', GITHUB_CLIENT_SECRET: 'secret' }, true);
let profiler: Awaited<ReturnType<typeof isolateProfiler>>;
beforeAll(async () => {
  profiler = await isolateProfiler(await sandbox().mf.getInspectorURL(), SANDBOX_WORKER);
});
afterAll(() => profiler?.close());

/** Workers Free's CPU time per invocation. */
const FREE_CPU_MS = 10;
/** Measured runs per route: the median leaves out a run that a garbage collection or a busy machine stretched. */
const ROUNDS = 9;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The Worker isolate's CPU for one run of `run`, the median of ROUNDS runs after a warm-up (the
 * isolate's start is not a request's); `setup`, before each run, is not counted.
 */
async function cpuMs(run: () => Promise<void>, setup: () => Promise<void> = async () => {}): Promise<number> {
  for (let i = 0; i < 3; i++) await setup().then(run);
  const runs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    await setup();
    runs.push(await profiler.cpuMs(run));
  }
  return median(runs);
}

let n = 0;
/** A lead posted, then its queue invocation (the owner's e-mail and the webhook) until D1 marks it delivered. */
async function lead() {
  const w = sandbox();
  const l = sampleLead(n);
  expect((await w.post(l, { 'CF-Connecting-IP': `192.0.2.${n++ % 250}` })).status).toBe(201);
  await expect.poll(async () => (await w.db.prepare('SELECT state FROM leads WHERE id = ?').bind(l.id).first<{ state: string }>())?.state).toBe('delivered');
}
const request = (path: string, status: number, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) => async () => {
  const response = await sandbox().mf.dispatchFetch(new URL(path, sandbox().url), { redirect: 'manual', ...init });
  await response.arrayBuffer();
  expect(response.status, path).toBe(status);
};
const invalidLead = request('/api/quote', 400, { method: 'POST', body: JSON.stringify({ ...sampleLead(0).payload, phone: '' }), headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'Idempotency-Key': crypto.randomUUID() } });
const cron = async () => {
  const r = await sandbox().cron(Date.now() + DELIVERY.leaseMs);
  expect(r.outcome).toBe('ok');
};
/** Leads stored by a Worker that died before queueing them, as many as the cron tries itself, and the queue refusing. */
async function dueLeadsAndNoQueue() {
  const at = Date.now() - DELIVERY.leaseMs;
  for (let i = 0; i < DIRECT_ATTEMPTS_PER_SWEEP; i++) {
    const l = sampleLead(n++);
    await sandbox().db.prepare(`INSERT INTO leads (id, received_at, payload, state, attempts, next_at) VALUES (?1, ?2, ?3, 'pending', 0, ?2)`).bind(l.id, at, JSON.stringify(l.payload)).run();
  }
  await sandbox().faults({ queue: true });
}
/** As many leads as the alert lists, waiting (none due before the next day), and no alert sent yet: the cron e-mails it. */
let waitingStored = false;
async function waitingLeadsNotAlerted() {
  const db = sandbox().db;
  if (!waitingStored) {
    const at = Date.now() - DELIVERY.alertAfterMs - 60_000;
    for (let i = 0; i < ALERT_LIST_MAX; i++) {
      const l = sampleLead(n++, 'emergency');
      await db.prepare(`INSERT INTO leads (id, received_at, payload, state, attempts, next_at) VALUES (?1, ?2, ?3, 'pending', 1, ?4)`).bind(l.id, at, JSON.stringify(l.payload), at + DAY_MS).run();
    }
    waitingStored = true;
  }
  await db.prepare('DELETE FROM alerts').run();
  await sandbox().faults({});
}
const alertSent = () => sandbox().emails.filter((e) => e.includes('attendent d’être transmises')).length;

it("counts the CPU of the Worker's isolate, a part of what the kernel counts for all of workerd, and for the lead path far less: D1's simulation runs in another isolate", async () => {
  const page = request('/contact', 200);
  const kernel = async (run: () => Promise<void>) => {
    const before = workerdCpuMs();
    for (let i = 0; i < 20; i++) await run();
    return (workerdCpuMs() - before) / 20;
  };
  const isolate = async (run: () => Promise<void>) => (await profiler.cpuMs(async () => {
    for (let i = 0; i < 20; i++) await run();
  })) / 20;
  const figures = { pageKernel: await kernel(page), pageIsolate: await isolate(page), leadKernel: await kernel(lead), leadIsolate: await isolate(lead) };
  console.log(`workerd, ms de processeur par requête : /contact ${figures.pageIsolate.toFixed(2)} (isolat) et ${figures.pageKernel.toFixed(2)} (noyau) ; devis et livraison ${figures.leadIsolate.toFixed(2)} (isolat) et ${figures.leadKernel.toFixed(2)} (noyau)`);
  expect(figures.pageIsolate).toBeGreaterThan(0);
  // The kernel counts in 10 ms ticks: over 20 requests, half a millisecond each at most.
  expect(figures.pageIsolate).toBeLessThan(figures.pageKernel + 0.5);
  expect(figures.leadIsolate).toBeLessThan(figures.leadKernel / 2);
});

it("spends under Workers Free's 10 ms of CPU on every route, counted in the Worker's own isolate in workerd", async () => {
  const measured = {
    'POST /api/quote (201) with its queue invocation': await cpuMs(lead),
    'POST /api/quote refused (400)': await cpuMs(invalidLead),
    'GET /api/quote (405)': await cpuMs(request('/api/quote', 405)),
    cron: await cpuMs(cron),
    [`cron trying ${DIRECT_ATTEMPTS_PER_SWEEP} lead(s) itself (the queue refusing)`]: await cpuMs(cron, dueLeadsAndNoQueue),
    [`cron e-mailing the alert that lists ${ALERT_LIST_MAX} waiting leads`]: await cpuMs(cron, waitingLeadsNotAlerted),
    'GET /contact (through the Worker to its assets)': await cpuMs(request('/contact', 200)),
    'GET /nulle-part (the assets’ 404 page)': await cpuMs(request('/nulle-part', 404)),
    'GET /api/auth': await cpuMs(request('/api/auth', 302)),
    'GET /api/callback (state refused)': await cpuMs(request('/api/callback?state=a&code=b', 403)),
    'GET /api/nothing (404)': await cpuMs(request('/api/nothing', 404)),
  };
  console.log(Object.entries(measured).map(([what, ms]) => `workerd, ${what} : ${ms.toFixed(2)} ms de processeur (médiane de ${ROUNDS})`).join('\n'));
  for (const [what, ms] of Object.entries(measured)) expect(ms, what).toBeLessThan(FREE_CPU_MS);
  expect(alertSent()).toBeGreaterThanOrEqual(ROUNDS);
  // The profiler's resolution is one sample: the lead path takes many.
  expect(measured['POST /api/quote (201) with its queue invocation']).toBeGreaterThan(0.5);
});
