/**
 * docs/recipes/n8n-dedup.json read as n8n runs it, for the tests: which header its Remove
 * Duplicates node keys on, and its rule (an item whose key a previous execution saw goes no
 * further). n8n itself is not run here: the owner checks the import in their own account.
 */

interface N8nNode {
  name: string;
  type: string;
  typeVersion: number;
  parameters: Record<string, unknown>;
}
export interface N8nWorkflow {
  nodes: N8nNode[];
  connections: Record<string, { main: { node: string; type: string; index: number }[][] }>;
}

/** An item as n8n's Webhook node hands it on: the request's headers, lower-cased by Node's HTTP server, and its JSON body. */
export interface WebhookItem {
  headers: Record<string, string>;
  body: unknown;
}

/** The nodes from the trigger on, each to the first node it connects to. */
export function chain(workflow: N8nWorkflow): N8nNode[] {
  const trigger = workflow.nodes.find((n) => !Object.values(workflow.connections).some((c) => c.main.flat().some((to) => to.node === n.name)));
  const nodes: N8nNode[] = [];
  for (let node = trigger; node && !nodes.includes(node); ) {
    nodes.push(node);
    const next = workflow.connections[node.name]?.main[0]?.[0]?.node;
    node = workflow.nodes.find((n) => n.name === next);
  }
  return nodes;
}

/** The header the Remove Duplicates node keys on, from its `dedupeValue` expression (`={{ $json.headers["…"] }}`). */
export function dedupeHeader(workflow: N8nWorkflow): string {
  const node = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.removeDuplicates');
  const expression = String(node?.parameters.dedupeValue ?? '');
  const header = /^=\{\{\s*\$json\.headers\["([^"]+)"\]\s*\}\}$/.exec(expression)?.[1];
  if (!header) throw new Error(`dedupeValue inattendue : ${expression}`);
  return header;
}

/**
 * The recipe as a webhook stand-in: each item's key is the header the recipe names; a key seen
 * before is dropped, as « Remove Items Processed in Previous Executions » with « Remove Items With
 * Already Seen Key Values » drops it; the others reach `act` (the e-mail node).
 */
export function recipeStandIn(workflow: N8nWorkflow, act: (item: WebhookItem) => void): (item: WebhookItem) => void {
  const header = dedupeHeader(workflow);
  const seen = new Set<string>();
  return (item) => {
    const key = item.headers[header];
    if (key === undefined) throw new Error(`en-tête ${header} absent : la recette ne peut rien écarter`);
    if (seen.has(key)) return;
    seen.add(key);
    act(item);
  };
}
