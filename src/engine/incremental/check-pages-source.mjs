// The page-checking thread when the sources run as they are (tests): a worker does not inherit
// the main thread's TypeScript loader, so it registers tsx itself before loading the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./check-pages.ts');
