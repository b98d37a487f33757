import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_FAULT_SCENARIOS, NO_CORS_LIMIT, runScenario } from '../../tools/scenarios/lead-faults.ts';
import { startBrowserSite } from '../../tools/lib/browser-site.ts';
import { warm } from '../helpers/shared-site.ts';
import { testChromium } from '../helpers/chromium.ts';

// Each scenario (tools/scenarios/lead-faults.ts) types the same lead into the real form and breaks
// one thing: the lead must end up delivered, or kept in the fields and the draft with the failure
// toast. Here, one scenario of each behaviour the matrix protects; `npm run harden` runs all 16,
// with the timeout's timing. The others are covered here too: offline by quote-form.test.ts, the
// double click by islands-three-engines.test.ts (three engines) and the held early double submit
// by quote-form.test.ts.
const ONE_OF_EACH = [
  'connection reset mid-request',
  'webhook answers 500 (cors delivery)',
  'webhook answers 201 (cors delivery)',
  'two tabs with the same draft',
  'reload mid-typing',
  'back/forward cache',
  'localStorage full (quota error)',
  'localStorage unavailable (throws)',
];
let env: Awaited<ReturnType<typeof startBrowserSite>>;

beforeAll(async () => {
  env = await startBrowserSite(warm(), testChromium);
});
afterAll(() => env.close());

describe('the typed lead survives every fault', () => {
  it('gives the form the delivery mode of content/site.md, no-cors unless it says cors', () => {
    const page = env.site.files.get('contact.html') as string;
    const props = JSON.parse(page.match(/data-island-props="quote-form-[^"]*">([\s\S]*?)<\/script>/)![1]!);
    expect(props.delivery).toBe(env.site.content.site.quoteDelivery ?? 'no-cors');
    expect(props.delivery).toBe('no-cors');
  });

  it('has at least 12 scenarios, and this file runs ones that exist', () => {
    expect(LEAD_FAULT_SCENARIOS.length).toBeGreaterThanOrEqual(12);
    expect(ONE_OF_EACH.filter((name) => !LEAD_FAULT_SCENARIOS.some((s) => s.name === name))).toEqual([]);
  });

  it.each(LEAD_FAULT_SCENARIOS.filter((s) => ONE_OF_EACH.includes(s.name)).map((s) => [s.name, s] as const))('%s: the lead is not lost', async (_, scenario) => {
    const outcome = await runScenario(env, scenario);
    expect(outcome).toEqual({ scenario: scenario.name, lost: false, checks: expect.any(Object) });
    expect(Object.entries(outcome.checks).filter(([, ok]) => !ok)).toEqual([]);
  });

  it('sees the lead lost when a no-cors webhook answers 500: the limit quoteDelivery cors is for (the judge can fail)', async () => {
    expect((await runScenario(env, NO_CORS_LIMIT)).lost).toBe(true);
  });
});
