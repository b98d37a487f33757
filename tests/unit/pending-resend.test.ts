import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepPending, loadPending, resendPending } from '../../src/shared/quote/pending-leads.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

const json = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const html = (status: number) => new Response('<!doctype html><title>Access denied</title>', { status, headers: { 'Content-Type': 'text/html' } });

afterEach(() => vi.unstubAllGlobals());

describe('the browser outbox on the next page load', () => {
  it.each([
    ['a 403 page from the firewall or Bot Fight Mode', () => html(403)],
    ['a 405 from the edge', () => new Response(null, { status: 405 })],
    ['a 404 while a deploy settles', () => html(404)],
    ['a 429', () => json(429, { ok: false, error: 'Trop de demandes' })],
    ['a 503 from the Worker', () => json(503, { ok: false, error: 'Enregistrement impossible' })],
    ['a 400 that is not the Worker’s JSON', () => html(400)],
    ['the network cut', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('keeps the lead after %s', async (_, answer) => {
    const storage = memoryStorage();
    keepPending(storage, 'a', { body: '{}', values: '{}', at: 1000 });
    vi.stubGlobal('fetch', vi.fn(answer));
    await resendPending(storage, 2000);
    expect(Object.keys(loadPending(storage))).toEqual(['a']);
  });

  it.each([
    ['stored (201)', () => json(201, { ok: true, id: 'a' })],
    ['refused for its content (the Worker’s JSON 400)', () => json(400, { ok: false, error: 'name : Le nom est requis' })],
    ['refused for its size (the Worker’s JSON 413)', () => json(413, { ok: false, error: 'Corps de requête trop grand' })],
  ])('forgets the lead once %s', async (_, answer) => {
    const storage = memoryStorage();
    keepPending(storage, 'a', { body: '{}', values: '{}', at: 1000 });
    vi.stubGlobal('fetch', vi.fn(answer));
    await resendPending(storage, 2000);
    expect(loadPending(storage)).toEqual({});
  });
});
