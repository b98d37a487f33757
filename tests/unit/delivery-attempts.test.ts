import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { backoffSeconds, DELIVERY } from '../../src/leads/delivery.ts';
import { LEAD_QUEUE_NAME } from '../../src/worker/env.ts';
import { wranglerConfig } from '../../tools/lib/worker-sandbox.ts';

it('makes the queue attempts the same number in the code, in wrangler.jsonc and in the deploy guide', () => {
  const consumer = wranglerConfig().queues.consumers.find((c) => c.queue === LEAD_QUEUE_NAME)!;
  expect(consumer.max_retries! + 1).toBe(DELIVERY.queueAttempts);
  const steps = Array.from({ length: DELIVERY.queueAttempts - 1 }, (_, i) => backoffSeconds(i + 1));
  expect(steps).toEqual([30, 60, 120, 240, 480, 960]);
  const guide = readFileSync(new URL('../../docs/leads.md', import.meta.url), 'utf8');
  const said = [...guide.matchAll(/après (\d+) essais/g)].map((m) => Number(m[1]));
  expect(said.length).toBeGreaterThan(0);
  expect(new Set(said)).toEqual(new Set([DELIVERY.queueAttempts]));
});
