import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dropPending, keepPending, loadPending, PENDING_KEY } from '../../src/shared/quote/pending-leads.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

describe('leads waiting in the browser (relay mode)', () => {
  it('keeps a lead under its id until it is dropped, then leaves no key behind', () => {
    const storage = memoryStorage();
    keepPending(storage, 'a', { body: '{}', values: '{}', at: 1 });
    keepPending(storage, 'b', { body: '{"x":1}', values: '{}', at: 2 });
    expect(Object.keys(loadPending(storage))).toEqual(['a', 'b']);
    dropPending(storage, 'a');
    dropPending(storage, 'b');
    expect(storage.items.has(PENDING_KEY)).toBe(false);
  });

  it('reads a broken value as nothing waiting', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_KEY, '{nope');
    expect(loadPending(storage)).toEqual({});
  });

  it('is looked for by the page script under the same key', () => {
    const entry = readFileSync(new URL('../../src/client/entry.ts', import.meta.url), 'utf8');
    expect(entry).toContain(`const PENDING_KEY = '${PENDING_KEY}';`);
  });
});
