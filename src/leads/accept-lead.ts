import { isLeadId } from '../shared/quote/lead-id.ts';
import type { QuoteOptions } from '../shared/quote/quote-options.ts';
import type { QuotePayload } from '../shared/quote/quote-schema.ts';
import { checkLead, MAX_BODY_BYTES } from './check-lead.ts';

/** A lead as kept by a store: the browser's id, the webhook's payload, when it reached us. */
export interface StoredLead {
  id: string;
  payload: QuotePayload;
  receivedAt: number;
  /** The form's hidden field was filled: a bot, or a person's autofill. Kept, marked, never sent to the webhook. */
  suspect: boolean;
}

/**
 * Where accepted leads go: D1 in the Worker, a JSON-lines file under `npm start`. `insert` must be
 * durable when it resolves, and idempotent: it resolves false when a lead with that id is already
 * kept (the store keeps the first copy).
 */
export interface LeadStore {
  insert(lead: StoredLead): Promise<boolean>;
}

/** Counts requests per client; resolves false once a client is over its allowance. */
export interface RateLimiter {
  allow(client: string, now: number): Promise<boolean>;
}

/** The rate allowance: a visitor sends one lead, perhaps re-sends it; a script sends hundreds. */
export const RATE_LIMIT = { requests: 20, windowMs: 60 * 60_000 } as const;

export interface LeadRequest {
  body: Uint8Array | 'too-large';
  /** The `Idempotency-Key` header: the id the browser made. */
  key: string | null;
  /** Who is asking (the client's address), for the rate limit only. */
  client: string;
  /** The request's `Origin` header, and the site's own origin. */
  origin: string | null;
  siteOrigin: string;
}

export interface AcceptDeps {
  store: LeadStore;
  limiter: RateLimiter;
  options: QuoteOptions | undefined;
  now: number;
  /** The Worker requires the browser's id; `npm start` makes one for a request that has none. */
  requireKey: boolean;
  makeId: () => string;
}

export interface Answer {
  status: number;
  body: { ok: boolean; id?: string; error?: string };
}

/**
 * The answer, and the lead when it was newly stored (the caller queues its delivery), or when it
 * was valid but the store refused it (the caller may tell the owner at once: it exists nowhere but
 * in the visitor's browser).
 */
export interface Outcome {
  answer: Answer;
  stored?: StoredLead;
  unkept?: StoredLead;
}

const UNAVAILABLE = 'Enregistrement impossible pour le moment : réessayez';

const refuse = (status: number, error: string): Outcome => ({ answer: { status, body: { ok: false, error } } });

/**
 * The lead path's one decision, shared by the Worker and the Node receiver: refuse what is not a
 * lead from our form with a clear 4xx and store nothing; store a lead whose hidden field is
 * filled as suspect (answered like any other, so a bot learns nothing); store a lead under its id and answer 201 only once the store says it is durable. The same lead
 * sent again gets the same 201 and no second row.
 */
export async function acceptLead(req: LeadRequest, deps: AcceptDeps): Promise<Outcome> {
  if (req.origin !== null && req.origin !== req.siteOrigin) return refuse(403, 'Origine refusée : le formulaire envoie depuis le site lui-même');
  let allowed: boolean;
  try {
    allowed = await deps.limiter.allow(req.client, deps.now);
  } catch {
    // The limiter's store is down: the lead cannot be kept either; the browser keeps it.
    return refuse(503, UNAVAILABLE);
  }
  if (!allowed) return refuse(429, 'Trop de demandes : réessayez plus tard ou appelez-nous');
  if (req.body === 'too-large') return refuse(413, `Corps de requête trop grand (max ${MAX_BODY_BYTES} octets)`);
  if (req.key === null ? deps.requireKey : !isLeadId(req.key)) return refuse(400, 'En-tête Idempotency-Key absent ou invalide (UUID attendu)');
  if (!deps.options) return refuse(500, 'Formulaire introuvable : impossible de vérifier les choix');
  const check = checkLead(req.body, deps.options);
  if (check.status !== 201) return refuse(check.status, check.error);
  const id = req.key ?? deps.makeId();
  const lead: StoredLead = { id, payload: check.lead, receivedAt: deps.now, suspect: check.suspect };
  let isNew: boolean;
  try {
    isNew = await deps.store.insert(lead);
  } catch {
    // Nothing is acknowledged that is not kept: the browser keeps the lead and sends it again.
    return { ...refuse(503, UNAVAILABLE), unkept: lead };
  }
  return { answer: { status: 201, body: { ok: true, id } }, ...(isNew ? { stored: lead } : {}) };
}

/** A rate limiter in memory, for one process (`npm start`); the Worker counts in D1. */
export function memoryLimiter(limit: { requests: number; windowMs: number } = RATE_LIMIT): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async allow(client, now) {
      const w = windows.get(client);
      if (!w || now - w.start >= limit.windowMs) {
        windows.set(client, { start: now, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= limit.requests;
    },
  };
}
