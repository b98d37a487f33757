import { Worker } from 'node:worker_threads';
import type { Site } from '../../../content/types.ts';
import type { SiteDataSet } from '../../../render/site-data.ts';
import { BUNDLED } from '../../project-root.ts';
import { BATCH, CARD_BATCH, chunks } from '../batches.ts';
import type { Executor } from '../executors.ts';
import type { DrawJob, DrawReply, ParseJob, ParseReply, RenderJob, RenderReply } from '../worker-core.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

const YOUNG_GENERATION_MB = 24;

/** Batches sent to a worker before it answers: one to work on, one ready behind it. */
const IN_FLIGHT = 2;

/** Worker threads, each with its own BuildCore. Started at once: their start-up overlaps the main thread's reading. */
export class WorkerExecutor implements Executor {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, Pending>();
  /** The key of the site data each thread holds. */
  private readonly dataKeys: (string | undefined)[] = [];
  private next = 0;

  constructor(
    readonly threads: number,
    cacheDir: string | null,
  ) {
    // In the bundle the worker is plain JavaScript beside this code; from the sources (tests), worker-source.mjs loads it.
    const script = new URL(BUNDLED ? './worker.mjs' : './worker-source.mjs', import.meta.url);
    this.waiting = Array.from({ length: threads }, () => []);
    this.inFlight = Array.from({ length: threads }, () => 0);
    this.workers = Array.from({ length: threads }, () => {
      const worker = new Worker(script, {
        workerData: { cacheDir },
        // Half V8's default (48 MiB): 40 MiB less at the peak of a 4,000-page build (~390 → ~355
        // MiB), the same time in alternating runs; 12 MiB saved more and cost seconds of scavenging.
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
      worker.on('message', (m: { id: number; result?: unknown; error?: string }) => {
        const call = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error !== undefined) call?.reject(new Error(m.error));
        else call?.resolve(m.result);
      });
      worker.on('error', (error) => this.failAll(error));
      return worker;
    });
  }

  /**
   * Messages wait here rather than in the worker's port: a posted message is a copy, and posting
   * a whole site's files at once would hold them all in memory twice.
   */
  private readonly waiting: (() => void)[][];
  private readonly inFlight: number[];

  private call<T>(thread: number, message: object): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      const settle = () => {
        this.inFlight[thread]!--;
        this.waiting[thread]!.shift()?.();
      };
      this.pending.set(id, {
        resolve: (v) => (settle(), resolve(v as T)),
        reject: (e) => (settle(), reject(e)),
      });
      const send = () => {
        this.inFlight[thread]!++;
        this.workers[thread]!.postMessage({ id, ...message });
      };
      if (this.inFlight[thread]! < IN_FLIGHT) send();
      else this.waiting[thread]!.push(send);
    });
  }

  private failAll(error: Error) {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  async parse(cities: ParseJob[], others: ParseJob[], site: Site | null) {
    const calls: Promise<ParseReply[]>[] = [];
    if (others.length > 0) calls.push(this.call(0, { op: 'parse', jobs: others, site }));
    const share = Math.ceil(cities.length / this.threads);
    for (let thread = 0; thread < this.threads; thread++) {
      for (const jobs of chunks(cities.slice(thread * share, (thread + 1) * share), BATCH)) {
        calls.push(this.call<ParseReply[]>(thread, { op: 'parse', jobs, site }).then((replies) => replies.map((reply) => ('city' in reply ? { ...reply, heldBy: thread } : reply))));
      }
    }
    return (await Promise.all(calls)).flat();
  }

  async render(jobs: RenderJob[], data: SiteDataSet, key: string) {
    const byThread = new Map<number, RenderJob[]>();
    let turn = 0;
    for (const job of jobs) {
      const thread = (job.city?.heldBy ?? turn++) % this.threads;
      if (!byThread.has(thread)) byThread.set(thread, []);
      byThread.get(thread)!.push(job);
    }
    await this.share(data, key, [...byThread.keys()]);
    const calls = [...byThread].flatMap(([thread, list]) => chunks(list, BATCH).map((batch) => this.call<RenderReply[]>(thread, { op: 'render', jobs: batch })));
    return (await Promise.all(calls)).flat();
  }

  /**
   * The site data, sent only to the threads about to render that lack it: it holds every city's
   * summary, and copying it to each thread at every save of one city cost the live preview at
   * 4,000 cities more than rendering the page.
   */
  private async share(data: SiteDataSet, key: string, threads: number[]) {
    const stale = threads.filter((thread) => this.dataKeys[thread] !== key);
    await Promise.all(
      stale.map((thread) => {
        this.dataKeys[thread] = key;
        return this.call(thread, { op: 'setData', data });
      }),
    );
  }

  async draw(jobs: DrawJob[]) {
    const calls = chunks(jobs, CARD_BATCH).map((batch, i) => this.call<DrawReply[]>(i % this.threads, { op: 'draw', jobs: batch }));
    return (await Promise.all(calls)).flat();
  }

  async close() {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
