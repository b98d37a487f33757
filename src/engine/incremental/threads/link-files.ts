import { parentPort } from 'node:worker_threads';
import { type LinkJob, makeLinks } from '../hard-links.ts';

/**
 * The thread that makes dist/'s hard links for a build (link-queue.ts): each message is a batch
 * of links, null the end, answered with every batch's file stamps.
 */
const folders = new Set<string>();
const made: (string | undefined)[][] = [];
parentPort!.on('message', (jobs: LinkJob[] | null) => {
  if (jobs) made.push(makeLinks(jobs, folders));
  else {
    parentPort!.postMessage(made);
    parentPort!.close();
  }
});
