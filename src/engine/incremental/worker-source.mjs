// The build thread when the sources run as they are (tests): a worker does not inherit the main
// thread's TypeScript loader, so it registers tsx itself before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
