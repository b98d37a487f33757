import { rmSync } from 'node:fs';
import { type LinkJob, makeLinks } from './hard-links.ts';
import type { LinkThread } from './threads/link-thread.ts';

/** Links handed to the thread in one message once it runs. */
const BATCH = 512;

/**
 * The hard links a fresh dist/ is made of, to files that are already there (the page store,
 * another address of the same page). A build without dist/ but with the cache (a CI runner)
 * takes 8,038 pages that way at 4,000 cities: 130 ms of system calls, plus their folders, in a
 * build that otherwise runs on one thread. From `threadFrom` links on, a thread of their own
 * makes them on the idle core while the build goes on (its module loaded then, and only then);
 * fewer are made at `finish`.
 */
export class LinkQueue {
  private readonly jobs: LinkJob[] = [];
  private posted = 0;
  private thread: Promise<LinkThread> | undefined;
  /** Who made the links, once `finish` answered: the thread, or this thread (too few for one, or the thread failed). */
  madeBy: 'thread' | 'caller' | undefined;

  constructor(private readonly threadFrom: number) {}

  /**
   * Starts the thread before the first link, when `count` or more are to come: its ~50 ms of start-up then
   * overlap the build's reading of the content instead of delaying the last link.
   */
  expect(count: number): void {
    if (count >= this.threadFrom) this.thread ??= startThread();
  }

  /** Queues a link; returns its number, which is its place in `finish`'s answer. */
  add(from: string, to: string): number {
    this.jobs.push([from, to]);
    if (this.jobs.length - this.posted >= (this.thread ? BATCH : this.threadFrom)) this.post();
    return this.jobs.length - 1;
  }

  /** Makes what is left and waits for every link; returns each one's stamp, in the order queued. */
  async finish(): Promise<(string | undefined)[]> {
    if (!this.thread) return this.makeHere();
    this.post();
    try {
      const thread = await this.thread;
      thread.worker.postMessage(null);
      const made = await thread.made;
      this.madeBy = 'thread';
      return made.flat();
    } catch {
      // Made here again, every link either succeeds or fails with the file system's own error.
      for (const [, to] of this.jobs) rmSync(to, { force: true });
      return this.makeHere();
    }
  }

  private makeHere(): (string | undefined)[] {
    this.madeBy = 'caller';
    return makeLinks(this.jobs, new Set());
  }

  /** Stops the thread (the build failed); the caller then removes the folder the links went to. */
  async cancel(): Promise<void> {
    await (await this.thread?.catch(() => undefined))?.worker.terminate();
  }

  private post(): void {
    this.thread ??= startThread();
    // Posted in the order queued: each waits for the thread, and callbacks run in the order they were added.
    if (this.posted < this.jobs.length) {
      const batch = this.jobs.slice(this.posted);
      this.thread.then((thread) => thread.worker.postMessage(batch), () => undefined);
    }
    this.posted = this.jobs.length;
  }
}

function startThread(): Promise<LinkThread> {
  return import('./threads/link-thread.ts').then(({ startLinkThread }) => startLinkThread());
}
