// The linking thread when the sources run as they are (tests).
import { loadThread } from './thread-from-sources.mjs';

await loadThread('link-files.mjs', new URL('./link-files.ts', import.meta.url).href);
