// The page-checking thread when the sources run as they are (tests).
import { loadThread } from './thread-from-sources.mjs';

await loadThread('check-pages.mjs', new URL('./check-pages.ts', import.meta.url).href);
