// The build thread when the sources run as they are (tests).
import { loadThread } from './thread-from-sources.mjs';

await loadThread('worker.mjs', new URL('./worker.ts', import.meta.url).href);
