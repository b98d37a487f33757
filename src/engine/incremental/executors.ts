import type { Site } from '../../content/types.ts';
import type { SiteDataSet } from '../../render/site-data.ts';
import { BATCH, chunks } from './batches.ts';
import type { PageStore } from './page-store.ts';
import type { StoredPageChecks } from './threads/stored-page-checks.ts';
import type { BuildCore, DrawJob, DrawReply, ParseJob, ParseReply, RenderJob, RenderReply } from './worker-core.ts';

/**
 * The one seam between the build and what only a large site needs: worker threads, the thread
 * that checks stored pages, the one that makes dist/'s links (threads/). Their modules load only
 * when a build asks for them (from 150 files or pages, 1,000 links): the real site's build never
 * reads them.
 */

/** This thread, or worker threads once there is enough to do (`work` files or pages, from `from` on). */
export async function executorFor(threads: number, work: number, from: number, cacheDir: string | null): Promise<Executor> {
  if (threads < 2 || work < from) return new LocalExecutor(cacheDir);
  const { WorkerExecutor } = await import('./threads/worker-executor.ts');
  return new WorkerExecutor(threads, cacheDir);
}

/** Starts checking the stored pages `hashes` of the page store, with a thread of their own if at least `from` are to be hashed. */
export async function checkStoredPages(store: PageStore, hashes: string[], from: number): Promise<StoredPageChecks> {
  const { StoredPageChecks } = await import('./threads/stored-page-checks.ts');
  return new StoredPageChecks(store, hashes, from);
}

/**
 * Where parsing, rendering and drawing share cards run: in this thread, or spread over worker
 * threads. How the work is split is the executor's own business: the phases hand it every job at
 * once. A city's page is rendered by the thread that parsed it, which still holds the city
 * (`heldBy`); the main thread never sees a whole city.
 */
export interface Executor {
  /** Threads the work runs on; 1 is this thread only. */
  readonly threads: number;
  /**
   * Parses the cities spread evenly over the threads in batches, the few `others` on the first
   * thread. A city's reply names the thread that holds it, if one does.
   */
  parse(cities: ParseJob[], others: ParseJob[], site: Site | null): Promise<ParseReply[]>;
  /**
   * Renders each page with the site data `data`, which `key` names (a digest of all of it): a
   * thread that holds data of that key already is not sent it again. A city's page goes to the
   * thread that holds the city; the other pages go round the threads.
   */
  render(jobs: RenderJob[], data: SiteDataSet, key: string): Promise<RenderReply[]>;
  draw(jobs: DrawJob[]): Promise<DrawReply[]>;
  close(): Promise<void>;
}

/**
 * The build's work in this thread: the real site's (threads pay off from 150 files). Its modules
 * (remark, React…) load on first use only.
 */
export class LocalExecutor implements Executor {
  readonly threads = 1;
  private core: Promise<BuildCore> | undefined;

  constructor(private readonly cacheDir: string | null) {}

  private get ready(): Promise<BuildCore> {
    this.core ??= import('./worker-core.ts').then(({ BuildCore }) => new BuildCore(this.cacheDir));
    return this.core;
  }

  async parse(cities: ParseJob[], others: ParseJob[], site: Site | null) {
    if (cities.length + others.length === 0) return [];
    const core = await this.ready;
    // In batches all the same: a batch is a pack of the disk cache, kept while one of its entries lives.
    return [others, ...chunks(cities, BATCH)].flatMap((jobs) => (jobs.length > 0 ? core.parse(jobs, site) : []));
  }

  async render(jobs: RenderJob[], data: SiteDataSet) {
    if (jobs.length === 0) return [];
    const core = await this.ready;
    // Nothing is copied within one thread.
    core.setData(data);
    return core.render(jobs);
  }

  async draw(jobs: DrawJob[]) {
    return jobs.length > 0 ? (await this.ready).draw(jobs) : [];
  }

  async close() {}
}
