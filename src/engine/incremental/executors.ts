import { Worker } from 'node:worker_threads';
import type { Site } from '../../content/types.ts';
import type { SiteDataSet } from '../../render/site-data.ts';
import { BUNDLED } from '../project-root.ts';
import type { BuildCore, DrawJob, DrawReply, ParseJob, ParseReply, RenderJob, RenderReply } from './worker-core.ts';

/**
 * Where parsing, rendering and drawing share cards run: in this thread, or spread over worker
 * threads. A job names the thread it must run on (`lane`): a city is rendered by the thread that
 * parsed it.
 */
export interface Executor {
  readonly lanes: number;
  parse(lane: number, jobs: ParseJob[], site: Site | null): Promise<ParseReply[]>;
  /**
   * The site data the next renders on `lanes` share. `key` names it (a digest of all of it): a
   * thread that holds data of that key already is not sent it again.
   */
  setData(data: SiteDataSet, key: string, lanes: number[]): Promise<void>;
  render(lane: number, jobs: RenderJob[]): Promise<RenderReply[]>;
  draw(lane: number, jobs: DrawJob[]): Promise<DrawReply[]>;
  close(): Promise<void>;
}

/** The build's work in this thread; its modules (remark, React…) load on first use only. */
export class LocalExecutor implements Executor {
  readonly lanes = 1;
  private core: Promise<BuildCore> | undefined;

  constructor(private readonly cacheDir: string | null) {}

  private get ready(): Promise<BuildCore> {
    this.core ??= import('./worker-core.ts').then(({ BuildCore }) => new BuildCore(this.cacheDir));
    return this.core;
  }

  async parse(_lane: number, jobs: ParseJob[], site: Site | null) {
    return (await this.ready).parse(jobs, site);
  }

  async setData(data: SiteDataSet) {
    // Nothing is copied within one thread.
    (await this.ready).setData(data);
  }

  async render(_lane: number, jobs: RenderJob[]) {
    return (await this.ready).render(jobs);
  }

  async draw(_lane: number, jobs: DrawJob[]) {
    return (await this.ready).draw(jobs);
  }

  async close() {}
}

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
    readonly lanes: number,
    cacheDir: string | null,
  ) {
    // In the bundle the worker is plain JavaScript beside this code; from the sources (tests), worker-source.mjs loads it.
    const script = new URL(BUNDLED ? './worker.mjs' : './worker-source.mjs', import.meta.url);
    this.waiting = Array.from({ length: lanes }, () => []);
    this.inFlight = Array.from({ length: lanes }, () => 0);
    this.workers = Array.from({ length: lanes }, () => {
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

  private call<T>(lane: number, message: object): Promise<T> {
    const l = lane % this.lanes;
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      const settle = () => {
        this.inFlight[l]!--;
        this.waiting[l]!.shift()?.();
      };
      this.pending.set(id, {
        resolve: (v) => (settle(), resolve(v as T)),
        reject: (e) => (settle(), reject(e)),
      });
      const send = () => {
        this.inFlight[l]!++;
        this.workers[l]!.postMessage({ id, ...message });
      };
      if (this.inFlight[l]! < IN_FLIGHT) send();
      else this.waiting[l]!.push(send);
    });
  }

  private failAll(error: Error) {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  parse(lane: number, jobs: ParseJob[], site: Site | null) {
    return this.call<ParseReply[]>(lane, { op: 'parse', jobs, site });
  }

  /**
   * Sent only to the threads about to render that lack it: the data holds every city's summary,
   * and copying it to each thread at every save of one city cost the live preview at 4,000 cities
   * more than rendering the page.
   */
  async setData(data: SiteDataSet, key: string, lanes: number[]) {
    const stale = lanes.map((lane) => lane % this.lanes).filter((lane) => this.dataKeys[lane] !== key);
    await Promise.all(
      stale.map((lane) => {
        this.dataKeys[lane] = key;
        return this.call(lane, { op: 'setData', data });
      }),
    );
  }

  render(lane: number, jobs: RenderJob[]) {
    return this.call<RenderReply[]>(lane, { op: 'render', jobs });
  }

  draw(lane: number, jobs: DrawJob[]) {
    return this.call<DrawReply[]>(lane, { op: 'draw', jobs });
  }

  async close() {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
