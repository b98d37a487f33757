import { expect, it } from 'vitest';
import { DELIVERY } from '../../src/leads/delivery.ts';
import { sampleLead } from '../../tools/lib/fake-webhook.ts';
import { workerdCpuMs } from '../../tools/lib/workerd-cpu.ts';
import { workerPerFile } from '../helpers/worker-sandbox.ts';

const sandbox = workerPerFile();

/** How many invocations of each kind are measured: enough for /proc's 10 ms ticks to matter little. */
const ROUNDS = 30;

let n = 0;
/** A lead posted, then its queue invocation (the owner's e-mail and the webhook) until the webhook has it. */
async function lead() {
  const w = sandbox();
  const l = sampleLead(n);
  await (await w.post(l, { 'CF-Connecting-IP': `192.0.2.${n++ % 250}` })).arrayBuffer();
  await expect.poll(() => w.webhook.accepted.get(l.id)).toBe(1);
}
const get = (path: string) => async () => void (await (await sandbox().mf.dispatchFetch(new URL(path, sandbox().url), { redirect: 'manual' })).arrayBuffer());
const cron = async () => void (await sandbox().cron(Date.now() + DELIVERY.leaseMs));

/** CPU per invocation of `run` in workerd, after a warm-up (the isolate's start is not a request's). */
async function cpuPer(run: () => Promise<void>, invocations: number): Promise<number> {
  for (let i = 0; i < 3; i++) await run();
  const before = workerdCpuMs();
  for (let i = 0; i < ROUNDS; i++) await run();
  return (workerdCpuMs() - before) / (ROUNDS * invocations);
}

/**
 * The kernel counts all of workerd: here that includes D1 itself (Miniflare runs its SQLite in the
 * same process), which Cloudflare does not charge to the Worker. A route that touches no D1 must
 * stay under Workers Free's 10 ms; the lead path and the cron, which make 4 to 8 D1 calls each, are
 * held to twice that with their D1 work included.
 */
const D1_INCLUDED = 2;

it('spends under 10 ms of CPU per invocation on each route without D1, and the lead path and the cron under twice that with D1 included, counted by the kernel', async () => {
  const withD1 = {
    'POST /api/quote and its queue invocation': await cpuPer(lead, 2),
    cron: await cpuPer(cron, 1),
  };
  const measured = {
    'GET /contact (through the Worker to its assets)': await cpuPer(get('/contact'), 1),
    'GET /api/auth': await cpuPer(get('/api/auth'), 1),
    'GET /api/nothing (404)': await cpuPer(get('/api/nothing'), 1),
  };
  console.log(Object.entries({ ...withD1, ...measured }).map(([what, ms]) => `workerd, ${what} : ${ms.toFixed(2)} ms de processeur par invocation`).join('\n'));
  for (const [what, ms] of Object.entries(measured)) expect(ms, what).toBeLessThan(10);
  for (const [what, ms] of Object.entries(withD1)) expect(ms, what).toBeLessThan(10 * D1_INCLUDED);
  expect(Object.values(withD1).every((ms) => ms > 0)).toBe(true);
});
