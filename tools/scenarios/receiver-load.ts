import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import type { QuoteOptions } from '../../src/shared/quote/quote-options.ts';
import { buildPayload, INITIAL_VALUES } from '../../src/shared/quote/quote-schema.ts';

/** A free loopback port, found by letting the system choose one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `npm run serve` as its own process (so it can be killed with -9), serving `dir`. */
export async function spawnServer(dir: string, leadsFile: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/serve.ts', '--dir', dir, '--leads', leadsFile], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`le serveur s'est arrêté (code ${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Site servi')) resolve();
    });
  });
  child.removeAllListeners('exit');
  child.stdout!.resume();
  return { base: `http://127.0.0.1:${port}`, child };
}

export function leadBody(name: string, options: QuoteOptions): string {
  return JSON.stringify(
    buildPayload({ ...INITIAL_VALUES, name, phone: '819 555-0199', city: options.cities[0]!.value, service: options.services[0]!.value, urgency: 'urgent' }, new Date()),
  );
}

function post(agent: Agent, base: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${base}/api/quote`, { method: 'POST', agent, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/**
 * Posts valid leads from `concurrency` loops until `stop()` says so; `onAcknowledged` hears each
 * name the server answered 201 for. Returns the latency of every answered request.
 */
async function hammer(base: string, options: QuoteOptions, concurrency: number, prefix: string, stop: () => boolean, onAcknowledged: (name: string) => void) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop()) {
        const name = `${prefix} ${next++}`;
        const started = performance.now();
        const status = await post(agent, base, leadBody(name, options));
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 0) continue;
        latencies.push(performance.now() - started);
        if (status === 201) onAcknowledged(name);
      }
    }),
  );
  agent.destroy();
  return { latencies, statuses };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export interface LoadFigures {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<number, number>;
}

/** A bounded load on loopback: `concurrency` keep-alive clients for `durationMs`, valid leads only. */
export async function loadTest(base: string, options: QuoteOptions, { durationMs = 5000, concurrency = 16 } = {}): Promise<LoadFigures> {
  const started = performance.now();
  const { latencies, statuses } = await hammer(base, options, concurrency, 'Charge', () => performance.now() - started > durationMs, () => undefined);
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return { requests: sorted.length, requestsPerSecond: Math.round(sorted.length / seconds), p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), statuses };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export interface KillFigures {
  rounds: number;
  acknowledged: number;
  /** Lines of the leads file that are not whole JSON. */
  partialLines: number;
  /** Leads answered 201 that the file does not hold. */
  missing: number;
}

/**
 * Each round starts the server, loads it and kills it with SIGKILL at a random moment, then the
 * next round starts a new server on the same file. Every lead acknowledged before a kill must be
 * in the file, every line whole.
 */
export async function killRounds(dir: string, leadsFile: string, options: QuoteOptions, { rounds = 5, concurrency = 16 } = {}): Promise<KillFigures> {
  const acknowledged = new Set<string>();
  for (let round = 1; round <= rounds; round++) {
    const { base, child } = await spawnServer(dir, leadsFile);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let killed = false;
    setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, 400 + Math.random() * 800);
    await hammer(base, options, concurrency, `Coupure r${round}`, () => killed, (name) => acknowledged.add(name));
    await exited;
  }
  const lines = existsSync(leadsFile) ? readFileSync(leadsFile, 'utf8').split('\n').filter((l) => l !== '') : [];
  const stored = new Set<string>();
  let partialLines = 0;
  for (const line of lines) {
    try {
      stored.add((JSON.parse(line) as { name: string }).name);
    } catch {
      partialLines += 1;
    }
  }
  return { rounds, acknowledged: acknowledged.size, partialLines, missing: [...acknowledged].filter((n) => !stored.has(n)).length };
}
