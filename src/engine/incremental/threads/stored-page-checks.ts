import { Worker } from 'node:worker_threads';
import type { PageStore } from '../page-store.ts';
import { BUNDLED } from '../../project-root.ts';

/** A page's state in the shared list: not yet answered, or found whole or not. */
const UNCHECKED = 0;
const WHOLE = 1;
const DAMAGED = 2;
/** Unchanged since a build found it whole (PageStore.unchanged): not read again. */
const UNCHANGED = 3;

/**
 * Checks the stored pages (page-store.ts) a build without dist/ takes instead of rendering. A
 * page unchanged since a build found it whole costs a stat; the others are read and hashed,
 * with a thread of their own when there are at least `threadFrom`, started with the build:
 * reading and hashing 4,000 pages (200 MB) then overlaps the reading and parsing of the content
 * instead of coming after them. The thread and the build take pages from one shared list: the
 * build, once it needs the answer, checks what is left itself (a page the thread is still on
 * included) rather than wait, so neither core idles and a thread that failed costs nothing but
 * its share.
 */
export class StoredPageChecks {
  /** [0]: the next page to take. */
  private readonly next: Int32Array;
  /** One state per page. */
  private readonly states: Uint8Array;
  /** When the thread started: the pages it hashed were read after. */
  private readonly started = Date.now();

  constructor(
    private readonly store: PageStore,
    private readonly hashes: string[],
    threadFrom: number,
  ) {
    const shared = new SharedArrayBuffer(4 + hashes.length);
    this.next = new Int32Array(shared, 0, 1);
    this.states = new Uint8Array(shared, 4);
    let toHash = 0;
    hashes.forEach((hash, i) => {
      if (store.unchanged(hash)) this.states[i] = UNCHANGED;
      else toHash++;
    });
    if (toHash < threadFrom) return;
    // In the bundle the thread's code is plain JavaScript beside this code; from the sources (tests), check-pages-source.mjs loads it.
    const script = new URL(BUNDLED ? './check-pages.mjs' : './check-pages-source.mjs', import.meta.url);
    const worker = new Worker(script, { workerData: { dir: store.dir, hashes, shared } });
    // Nobody waits for it: a build that has its answer, or failed, exits without it; a thread that
    // fails leaves its share to the build.
    worker.unref();
    worker.on('error', () => undefined);
  }

  /** The pages found whole, every page checked by the thread or now. */
  whole(): ReadonlySet<string> {
    checkShare(this.store, this.hashes, this.next, this.states);
    const whole = new Set<string>();
    this.hashes.forEach((hash, i) => {
      if (Atomics.load(this.states, i) === UNCHECKED) Atomics.store(this.states, i, this.store.verified(hash) ? WHOLE : DAMAGED);
      const state = Atomics.load(this.states, i);
      // Hashed after the thread started, by it or now.
      if (state === WHOLE) this.store.hashedSince(hash, this.started);
      if (state === WHOLE || state === UNCHANGED) whole.add(hash);
    });
    return whole;
  }
}

/** Takes pages from the shared list until none is left, and records what each was found. */
export function checkShare(store: PageStore, hashes: string[], next: Int32Array, states: Uint8Array): void {
  for (let i = Atomics.add(next, 0, 1); i < hashes.length; i = Atomics.add(next, 0, 1)) {
    if (Atomics.load(states, i) === UNCHECKED) Atomics.store(states, i, store.verified(hashes[i]!) ? WHOLE : DAMAGED);
  }
}
