import { afterAll, beforeAll, beforeEach } from 'vitest';
import { leadSandbox, type LeadSandbox } from '../../tools/lib/fake-webhook.ts';

/** The small site the Worker serves in its tests. */
const SITE = new URL('../worker/site', import.meta.url).pathname;

/**
 * The Worker in workerd for the calling test file, started once, its database, queue and webhook
 * reset before each test. Once in five whole runs (27 November 2026, docs/tests.md), Miniflare's
 * synchronous proxy to D1 stopped answering after a test that left 20 deliveries in the queue:
 * every later reset failed inside Miniflare. A reset that fails starts a fresh Worker instead,
 * which is what a reset is for: an empty database, queue and webhook; the failure is printed.
 */
export function workerPerFile(): () => LeadSandbox {
  let sandbox: LeadSandbox | undefined;
  beforeAll(async () => {
    sandbox = await leadSandbox(SITE);
  });
  afterAll(() => sandbox?.stop());
  beforeEach(async () => {
    try {
      await sandbox!.reset();
    } catch (error) {
      console.warn(`Worker de test relancé : sa remise à zéro a échoué (${(error as Error).message.split('\n')[0]})`);
      await sandbox!.stop().catch(() => {});
      sandbox = await leadSandbox(SITE);
    }
  });
  return () => sandbox!;
}
