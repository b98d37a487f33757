import { Worker } from 'node:worker_threads';
import { BUNDLED } from '../../project-root.ts';

/** The thread that makes dist/'s links (link-files.ts), and its answer: each batch's file stamps. */
export interface LinkThread {
  worker: Worker;
  made: Promise<(string | undefined)[][]>;
}

export function startLinkThread(): LinkThread {
  // In the bundle the thread's code is plain JavaScript beside this code; from the sources (tests), link-files-source.mjs loads it.
  const worker = new Worker(new URL(BUNDLED ? './link-files.mjs' : './link-files-source.mjs', import.meta.url));
  const made = new Promise<(string | undefined)[][]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`le fil des liens s’est arrêté (code ${code})`)));
  });
  // A cancelled build never asks.
  made.catch(() => undefined);
  return { worker, made };
}
