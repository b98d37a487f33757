import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_FAULT_SCENARIOS, NO_CORS_LIMIT, runScenario } from '../../tools/scenarios/lead-faults.ts';
import { startBrowserSite } from '../../tools/lib/browser-site.ts';

// Each scenario (tools/scenarios/lead-faults.ts) types the same lead into the real form and breaks
// one thing: the lead must end up delivered, or kept in the fields and the draft with the failure
// toast.
let env: Awaited<ReturnType<typeof startBrowserSite>>;

beforeAll(async () => {
  env = await startBrowserSite();
});
afterAll(() => env.close());

describe('the typed lead survives every fault', () => {
  it('gives the form the delivery mode of content/site.md, no-cors unless it says cors', () => {
    const page = env.site.files.get('contact.html') as string;
    const props = JSON.parse(page.match(/data-island-props="quote-form-[^"]*">([\s\S]*?)<\/script>/)![1]!);
    expect(props.delivery).toBe(env.site.content.site.quoteDelivery ?? 'no-cors');
    expect(props.delivery).toBe('no-cors');
  });

  it('has at least 12 scenarios', () => {
    expect(LEAD_FAULT_SCENARIOS.length).toBeGreaterThanOrEqual(12);
  });

  it.each(LEAD_FAULT_SCENARIOS.map((s) => [s.name, s] as const))('%s: the lead is not lost', async (_, scenario) => {
    const outcome = await runScenario(env, scenario);
    expect(outcome).toEqual({ scenario: scenario.name, lost: false, checks: expect.any(Object) });
    expect(Object.entries(outcome.checks).filter(([, ok]) => !ok)).toEqual([]);
  });

  it('sees the lead lost when a no-cors webhook answers 500: the limit quoteDelivery cors is for (the judge can fail)', async () => {
    expect((await runScenario(env, NO_CORS_LIMIT)).lost).toBe(true);
  });
});
