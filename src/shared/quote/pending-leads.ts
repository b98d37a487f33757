import { IDEMPOTENCY_HEADER, RELAY_PATH } from './lead-id.ts';

/**
 * Leads sent in relay mode that have not been answered 2xx yet, kept in the visitor's browser
 * under their id (beside the draft, docs/architecture.md « Le formulaire de devis »): the page script re-sends
 * each once on the next page load, and the id makes that safe (the endpoint stores one row per id).
 */
export const PENDING_KEY = 'devis-en-attente-v1';

/** Past this, a lead that never went through is forgotten: the visitor has surely called. */
const KEEP_MS = 30 * 24 * 60 * 60_000;

export interface PendingLead {
  /** The exact body sent (the webhook's payload), and what the visitor had typed, to recognise it. */
  body: string;
  values: string;
  at: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;

export function loadPending(storage: Store): Record<string, PendingLead> {
  try {
    const all = JSON.parse(storage?.getItem(PENDING_KEY) ?? '{}') as Record<string, PendingLead>;
    return all && typeof all === 'object' ? all : {};
  } catch {
    return {};
  }
}

function save(storage: Store, all: Record<string, PendingLead>): void {
  try {
    if (Object.keys(all).length === 0) storage?.removeItem(PENDING_KEY);
    else storage?.setItem(PENDING_KEY, JSON.stringify(all));
  } catch {
    // Private mode or a full quota: the lead is still sent, only the re-send is lost.
  }
}

export function keepPending(storage: Store, id: string, lead: PendingLead): void {
  save(storage, { ...loadPending(storage), [id]: lead });
}

export function dropPending(storage: Store, id: string): void {
  const { [id]: _gone, ...rest } = loadPending(storage);
  save(storage, rest);
}

/** The request relay mode sends: the same JSON body as the direct modes, the id as a header. */
export function relayRequest(id: string, body: string, signal?: AbortSignal): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: id }, body, ...(signal ? { signal } : {}) };
}

/**
 * Whether the answer is our endpoint refusing the lead for its content (its own JSON 400 or 413):
 * the same bytes sent again would be refused again. Any other refusal (a 403 or 405 from a
 * firewall or Bot Fight Mode in front of the site, a 404 while a deploy settles, a 429, a 5xx, an
 * HTML error page) says nothing about the lead: it stays to be sent again.
 */
export async function refusedForContent(response: Response): Promise<boolean> {
  if (response.status !== 400 && response.status !== 413) return false;
  if (!(response.headers.get('Content-Type') ?? '').includes('application/json')) return false;
  try {
    const body = (await response.clone().json()) as { ok?: unknown; error?: unknown };
    return body.ok === false && typeof body.error === 'string';
  } catch {
    return false;
  }
}

/**
 * Re-sends each waiting lead once (this page load), and forgets those the endpoint took (2xx) or
 * refused for their content (`refusedForContent`).
 */
export async function resendPending(storage: Store, now: number): Promise<void> {
  for (const [id, lead] of Object.entries(loadPending(storage))) {
    if (now - lead.at > KEEP_MS) {
      dropPending(storage, id);
      continue;
    }
    try {
      const response = await fetch(RELAY_PATH, relayRequest(id, lead.body));
      if (response.ok || (await refusedForContent(response))) dropPending(storage, id);
    } catch {
      // Still offline: it waits for the next page load.
    }
  }
}
