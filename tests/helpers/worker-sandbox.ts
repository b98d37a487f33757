import { afterAll, beforeAll, beforeEach } from 'vitest';
import { leadSandbox, type LeadSandbox } from '../../tools/lib/fake-webhook.ts';

/** The small site the Worker serves in its tests. */
const SITE = new URL('../worker/site', import.meta.url).pathname;

/**
 * The Worker in workerd for the calling test file (or describe block), with these bindings over
 * the defaults, started once, its database, queue and webhook reset before each test (`inspect`:
 * workerd's inspector open, for tools/lib/isolate-cpu.ts).
 */
export function workerPerFile(bindings: Record<string, string> = {}, inspect = false): () => LeadSandbox {
  let sandbox: LeadSandbox | undefined;
  beforeAll(async () => {
    sandbox = await leadSandbox(SITE, bindings, { inspect });
  });
  afterAll(() => sandbox?.stop());
  beforeEach(() => sandbox!.reset());
  return () => sandbox!;
}
