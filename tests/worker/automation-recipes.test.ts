import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DELIVERY } from '../../src/leads/delivery.ts';
import { type N8nWorkflow, recipeStandIn, type WebhookItem } from '../../tools/lib/n8n-recipe.ts';
import { ROOT } from '../../tools/lib/root.ts';
import { sampleLead } from '../../tools/lib/fake-webhook.ts';
import { workerPerFile } from '../helpers/worker-sandbox.ts';

const sandbox = workerPerFile();
const workflow = JSON.parse(readFileSync(`${ROOT}/docs/recipes/n8n-dedup.json`, 'utf8')) as N8nWorkflow;

/** The webhook runs the n8n recipe; what reaches its e-mail node is counted per lead. */
function withRecipe(): Map<string, number> {
  const mailed = new Map<string, number>();
  sandbox().webhook.automation = recipeStandIn(workflow, (item: WebhookItem) => {
    const { message } = item.body as { message: string };
    mailed.set(message, (mailed.get(message) ?? 0) + 1);
  });
  return mailed;
}
const state = async (id: string) => (await sandbox().rows()).find((r) => r.id === id)?.state;

describe('a lead the Worker delivers twice reaches the automation twice, and its action once with the recipe', () => {
  it('when the webhook answered 2xx and D1 could not note it', async () => {
    const mailed = withRecipe();
    const lead = sampleLead(41);
    await sandbox().faults({ d1: ['webhook_at = ?2'], d1Failures: 1 });
    expect((await sandbox().post(lead)).status).toBe(201);
    await expect.poll(() => sandbox().webhook.accepted.get(lead.id)).toBe(1);
    // The lead stays claimed until its lease is over; the cron then offers it again.
    await sandbox().cron(Date.now() + DELIVERY.leaseMs);
    await expect.poll(() => state(lead.id)).toBe('delivered');
    expect(sandbox().webhook.accepted.get(lead.id)).toBe(2);
    expect(mailed.get(lead.payload.message)).toBe(1);
  });

  it('when the webhook acted and answered after the Worker gave up waiting', async () => {
    const mailed = withRecipe();
    const lead = sampleLead(42);
    sandbox().webhook.script = ['late'];
    expect((await sandbox().post(lead)).status).toBe(201);
    await expect.poll(() => state(lead.id), { timeout: 20_000 }).toBe('delivered');
    expect(sandbox().webhook.accepted.get(lead.id)).toBe(2);
    expect(mailed.get(lead.payload.message)).toBe(1);
  });
});
