import { workerData } from 'node:worker_threads';
import { PageStore } from '../page-store.ts';
import { checkShare } from './stored-page-checks.ts';

/** The thread that checks stored pages with the build (stored-page-checks.ts), its share of the shared list. */
const { dir, hashes, shared } = workerData as { dir: string; hashes: string[]; shared: SharedArrayBuffer };
checkShare(new PageStore(dir), hashes, new Int32Array(shared, 0, 1), new Uint8Array(shared, 4));
