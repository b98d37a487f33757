import { Worker } from 'node:worker_threads';
import { BUNDLED } from './project-root.ts';

/**
 * Checks the stored pages `hashes` on a thread of its own, started with the build: reading and
 * hashing 4,000 pages (130 MB) then overlaps the reading and parsing of the content on the other
 * core, instead of coming after them. Resolves with the pages whose bytes have their digest (the
 * damaged ones are removed), or undefined if the thread failed: each page is then checked as it
 * is taken.
 */
export function checkStoredPages(dir: string, hashes: string[]): Promise<ReadonlySet<string> | undefined> {
  // In the bundle the thread's code is plain JavaScript beside this code; from the sources (tests), tsx compiles it.
  const script = new URL(BUNDLED ? './check-pages.mjs' : './check-pages-source.mjs', import.meta.url);
  return new Promise((resolve) => {
    const worker = new Worker(script, { workerData: { dir, hashes } });
    // A build that fails before it needs the answer does not wait for it to exit.
    worker.unref();
    worker.once('message', (verified: string[]) => resolve(new Set(verified)));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
}
