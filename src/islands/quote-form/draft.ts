import { INITIAL_VALUES, type QuoteRequest } from '../../shared/quote/quote-schema.ts';

/** Where the unsent request waits, so a reload, a crash or a dead battery loses nothing. */
export const DRAFT_KEY = 'devis-brouillon-v1';

const FIELDS = Object.keys(INITIAL_VALUES) as (keyof QuoteRequest)[];

/** Keeps only known string fields: a draft from an older version of the form cannot break it. */
export function sanitizeDraft(raw: unknown): Partial<QuoteRequest> {
  if (!raw || typeof raw !== 'object') return {};
  const out: Partial<QuoteRequest> = {};
  for (const field of FIELDS) {
    const value = (raw as Record<string, unknown>)[field];
    if (typeof value === 'string') out[field] = value;
  }
  return out;
}

/** The known fields of `raw` that differ from the form's initial values. */
export function typedValues(raw: unknown): Partial<QuoteRequest> {
  return Object.fromEntries(Object.entries(sanitizeDraft(raw)).filter(([field, value]) => value !== INITIAL_VALUES[field as keyof QuoteRequest]));
}

export function isPristine(values: QuoteRequest): boolean {
  return FIELDS.every((f) => values[f] === INITIAL_VALUES[f]);
}

export function loadDraft(storage: Pick<Storage, 'getItem'> | undefined): Partial<QuoteRequest> {
  try {
    const text = storage?.getItem(DRAFT_KEY);
    return text ? sanitizeDraft(JSON.parse(text)) : {};
  } catch {
    return {};
  }
}

export function saveDraft(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, values: QuoteRequest): void {
  try {
    if (isPristine(values)) storage?.removeItem(DRAFT_KEY);
    else storage?.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Private mode or a full quota: the form still works, only the safety net is gone.
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'> | undefined): void {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // Same as above: nothing to clean up if storage is unavailable.
  }
}
