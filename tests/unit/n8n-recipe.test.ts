import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webhookRequest } from '../../src/leads/delivery.ts';
import { IDEMPOTENCY_HEADER } from '../../src/shared/quote/lead-id.ts';
import { chain, dedupeHeader, type N8nWorkflow, recipeStandIn } from '../../tools/lib/n8n-recipe.ts';
import { ROOT } from '../../tools/lib/root.ts';
import { sampleLead } from '../../tools/lib/fake-webhook.ts';

const RECIPE = `${ROOT}/docs/recipes/n8n-dedup.json`;
const workflow = () => JSON.parse(readFileSync(RECIPE, 'utf8')) as N8nWorkflow;

describe('the n8n workflow of docs/automations.md', () => {
  it('is JSON n8n imports: its Webhook takes a POST, then Remove Duplicates drops what a previous execution saw, then the e-mail goes', () => {
    const nodes = chain(workflow());
    expect(nodes.map((n) => [n.type, n.typeVersion])).toEqual([
      ['n8n-nodes-base.webhook', 2],
      ['n8n-nodes-base.removeDuplicates', 2],
      ['n8n-nodes-base.emailSend', 2.1],
    ]);
    expect(nodes[0]!.parameters).toMatchObject({ httpMethod: 'POST' });
    expect(nodes[1]!.parameters).toMatchObject({ operation: 'removeItemsSeenInPreviousExecutions', logic: 'removeItemsWithAlreadySeenKeyValues' });
  });

  it('keys on the header the Worker sends each lead with, as n8n spells it (lower case)', () => {
    expect(dedupeHeader(workflow())).toBe(IDEMPOTENCY_HEADER.toLowerCase());
    const lead = sampleLead(1);
    expect(webhookRequest(lead.id, { ...lead.payload, urgency: 'normal' }).headers[IDEMPOTENCY_HEADER]).toBe(lead.id);
  });

  it('as a stand-in, acts on a key once and drops it when it comes again', () => {
    const acted: unknown[] = [];
    const run = recipeStandIn(workflow(), (item) => acted.push(item.body));
    const key = IDEMPOTENCY_HEADER.toLowerCase();
    for (const id of ['a', 'b', 'a', 'a', 'b']) run({ headers: { [key]: id }, body: { id } });
    expect(acted).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(() => run({ headers: {}, body: {} })).toThrow(/absent/);
  });
});
