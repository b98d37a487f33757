import { parentPort, workerData } from 'node:worker_threads';
import { PageStore } from './page-store.ts';

/** The thread that checks stored pages (stored-page-checks.ts): answers with those whose bytes have their digest. */
const { dir, hashes } = workerData as { dir: string; hashes: string[] };
const store = new PageStore(dir);
parentPort!.postMessage(hashes.filter((hash) => store.verified(hash)));
