import { mkdir, open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { acceptLead, type LeadStore, type RateLimiter } from '../leads/accept-lead.ts';
import { MAX_BODY_BYTES } from '../leads/check-lead.ts';
import { IDEMPOTENCY_HEADER } from '../shared/quote/lead-id.ts';
import type { QuoteOptions } from '../shared/quote/quote-options.ts';
import type { QuotePayload } from '../shared/quote/quote-schema.ts';

export { checkLead, MAX_BODY_BYTES } from '../leads/check-lead.ts';

/**
 * Appends leads one JSON line each, in arrival order, and acknowledges a lead only once its line is
 * synced to disk. Leads that arrive while a sync runs are written and synced together in the next
 * one (group commit): the same durability with one fsync per batch instead of per lead.
 */
export function createLeadStore(file: string) {
  let pending: { line: string; done: (error?: Error) => void }[] = [];
  let flushing = false;
  let checkedTail = false;
  const write = async (text: string) => {
    await mkdir(dirname(file), { recursive: true });
    const handle = await open(file, 'a+');
    try {
      // A process killed mid-write may have left a torn last line: never glue a lead to it.
      if (!checkedTail) {
        const { size } = await handle.stat();
        const last = Buffer.alloc(1);
        if (size > 0 && (await handle.read(last, 0, 1, size - 1)).bytesRead === 1 && last[0] !== 0x0a) text = `\n${text}`;
        checkedTail = true;
      }
      await handle.write(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  const flush = async () => {
    flushing = true;
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        await write(batch.map((p) => p.line).join(''));
        batch.forEach((p) => p.done());
      } catch (error) {
        batch.forEach((p) => p.done(error as Error));
      }
    }
    flushing = false;
  };
  const save = (lead: QuotePayload & { id?: string; suspect?: boolean }): Promise<void> =>
    new Promise((resolve, reject) => {
      pending.push({ line: `${JSON.stringify(lead)}\n`, done: (error) => (error ? reject(error) : resolve()) });
      if (!flushing) void flush();
    });
  // The ids this process has stored: the same lead sent again (relay mode) is one line.
  const ids = new Map<string, Promise<void>>();
  const insert: LeadStore['insert'] = async ({ id, payload, suspect }) => {
    const earlier = ids.get(id);
    if (earlier) return earlier.then(() => false);
    const saving = save({ ...payload, id, ...(suspect ? { suspect } : {}) });
    ids.set(id, saving);
    saving.catch(() => ids.delete(id));
    await saving;
    return true;
  };
  return { file, save, insert };
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      req.resume();
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `npm start` serves one person on their own computer: the rate limit is the Worker's concern. */
const UNLIMITED: RateLimiter = { allow: async () => true };

/**
 * POST /api/quote under `npm start`: the Worker's decision (src/leads/accept-lead.ts) over the
 * JSON-lines file. The browser's id is used when sent (relay mode) and made here otherwise (the
 * default no-cors mode sends none).
 */
export async function handleQuote(
  req: IncomingMessage,
  res: ServerResponse,
  store: ReturnType<typeof createLeadStore>,
  options: () => QuoteOptions | undefined,
  log: (line: string) => void,
): Promise<void> {
  const body = await readBody(req);
  const allowed = options();
  if (!allowed) log(`[devis] ÉCHEC : aucun formulaire de devis dans le dossier servi, impossible de vérifier les choix`);
  const key = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  const guarded: LeadStore = {
    insert: (lead) =>
      store.insert(lead).catch((error: Error) => {
        log(`[devis] ÉCHEC d'enregistrement dans ${store.file} : ${error.message}`);
        throw error;
      }),
  };
  const outcome = await acceptLead(
    { body, key: typeof key === 'string' ? key : null, client: 'local', origin: req.headers.origin ?? null, siteOrigin: `http://${req.headers.host}` },
    { store: guarded, limiter: UNLIMITED, options: allowed, now: Date.now(), requireKey: false, makeId: () => crypto.randomUUID() },
  );
  const l = outcome.stored?.payload;
  if (l) log(`[devis] ${l.timestamp} ${l.urgencyLabel} · ${l.name} · ${l.phone} · ${l.city} · ${l.service}${outcome.stored!.suspect ? ' (suspecte : champ caché rempli)' : ''}`);
  res.writeHead(outcome.answer.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(outcome.answer.body));
}
