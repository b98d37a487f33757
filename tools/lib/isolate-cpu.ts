/**
 * The CPU time one Worker's isolate spends, read from V8's sampling profiler through workerd's
 * inspector. Miniflare runs D1, the queues and the assets in other isolates of the same workerd
 * process (and thread), so the kernel's count for the process mixes them in; V8 samples an isolate
 * only while it is entered, that is while its own code, or the runtime on its behalf, runs. That is
 * what Cloudflare counts as a Worker's CPU time: D1's SQLite runs elsewhere in production.
 */

/** The profiler's period in microseconds: 100 µs, ten samples per millisecond. */
const SAMPLING_US = 100;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A gap between two samples longer than this holds time the isolate was not entered. */
const GAP_US = 5 * SAMPLING_US;

/**
 * The isolate's CPU in a profile, in milliseconds: its samples other than idle ones, each worth
 * one period of the sampler. That period is the median gap between consecutive samples (the
 * sampler's own delays make it longer than the one asked for), leaving out gaps longer than
 * GAP_US: those hold time the isolate was not entered (it waited for D1, a subrequest, the next
 * invocation), which is not its CPU.
 */
export function profileCpuMs(profile: Profile): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const short = profile.timeDeltas.filter((d) => d > 0 && d <= GAP_US).sort((a, b) => a - b);
  const period = short.length ? short[Math.floor(short.length / 2)]! : SAMPLING_US;
  return (profile.samples.filter((id) => !idle.has(id)).length * period) / 1000;
}

/** One DevTools protocol session over workerd's inspector WebSocket. */
async function session(url: string) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  let last = 0;
  const waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id !== undefined) waiting.get(message.id)?.(message), waiting.delete(message.id);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = ++last;
      waiting.set(id, (m) => (m.error ? reject(new Error(`${method} : ${m.error.message}`)) : resolve(m.result as T)));
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/**
 * A profiler on the isolate of the Worker Miniflare names `worker`, in the workerd whose
 * inspector answers at `inspector` (Miniflare's `getInspectorURL()`, the sandbox started with
 * `inspect`).
 */
export async function isolateProfiler(inspector: URL, worker: string) {
  const targets = (await (await fetch(new URL('/json/list', inspector.href.replace(/^ws/, 'http')))).json()) as { id: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((t) => t.id === `core:user:${worker}`);
  if (!target) throw new Error(`aucun isolat core:user:${worker} parmi ${targets.map((t) => t.id).join(', ')}`);
  const s = await session(target.webSocketDebuggerUrl);
  await s.send('Profiler.enable');
  await s.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
  return {
    /** The isolate's CPU in milliseconds while `run` ran, until it settled. */
    async cpuMs(run: () => Promise<void>): Promise<number> {
      await s.send('Profiler.start');
      const failure = await run().then(() => undefined, (error: unknown) => ({ error }));
      const { profile } = await s.send<{ profile: Profile }>('Profiler.stop');
      if (failure) throw failure.error;
      return profileCpuMs(profile);
    },
    close: s.close,
  };
}
