import { mkdir, open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type { QuoteOptions } from '../shared/quote/quote-options.ts';
import { quotePayloadSchema, type QuotePayload, URGENCIES, urgencyLabel } from '../shared/quote/quote-schema.ts';

export const MAX_BODY_BYTES = 16 * 1024;

export type ReceiveResult =
  | { status: 201; lead: QuotePayload }
  | { status: 400 | 413; error: string };

/**
 * The field holding a value the form never offers (a city, service or urgency outside its lists, or
 * an urgency label that does not match the urgency), or undefined. The browser's §5 messages do not
 * cover these: only a hand-made request can send them.
 */
function outsideForm(lead: QuotePayload, options: QuoteOptions): keyof QuotePayload | undefined {
  if (!options.cities.some((o) => o.value === lead.city)) return 'city';
  if (!options.services.some((o) => o.value === lead.service)) return 'service';
  if (!(URGENCIES as readonly string[]).includes(lead.urgency)) return 'urgency';
  if (lead.urgencyLabel !== urgencyLabel(lead.urgency)) return 'urgencyLabel';
  return undefined;
}

/**
 * Checks one raw request body against the rules of the form and the options it offers. The
 * browser's no-cors request arrives as `text/plain`, so the body is parsed as JSON whatever the
 * content type says.
 */
export function checkLead(body: Buffer, options: QuoteOptions): ReceiveResult {
  if (body.length > MAX_BODY_BYTES) return { status: 413, error: `Corps de requête trop grand (max ${MAX_BODY_BYTES} octets)` };
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { status: 400, error: 'Corps de requête invalide : JSON attendu' };
  }
  const result = quotePayloadSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { status: 400, error: `${issue.path.join('.') || 'requête'} : ${issue.message}` };
  }
  const field = outsideForm(result.data, options);
  if (field) return { status: 400, error: `${field} : valeur absente des choix du formulaire` };
  return { status: 201, lead: result.data };
}

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
  return {
    file,
    save(lead: QuotePayload): Promise<void> {
      return new Promise((resolve, reject) => {
        pending.push({ line: `${JSON.stringify(lead)}\n`, done: (error) => (error ? reject(error) : resolve()) });
        if (!flushing) void flush();
      });
    },
  };
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

export async function handleQuote(
  req: IncomingMessage,
  res: ServerResponse,
  store: ReturnType<typeof createLeadStore>,
  options: () => QuoteOptions | undefined,
  log: (line: string) => void,
): Promise<void> {
  const reply = (status: number, body: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const body = await readBody(req);
  const allowed = options();
  if (!allowed) {
    log(`[devis] ÉCHEC : aucun formulaire de devis dans le dossier servi, impossible de vérifier les choix`);
    reply(500, { ok: false, error: 'Formulaire introuvable' });
    return;
  }
  const result = body === 'too-large' ? checkLead(Buffer.alloc(MAX_BODY_BYTES + 1), allowed) : checkLead(body, allowed);
  if (result.status !== 201) {
    reply(result.status, { ok: false, error: result.error });
    return;
  }
  try {
    await store.save(result.lead);
  } catch (error) {
    log(`[devis] ÉCHEC d'enregistrement dans ${store.file} : ${(error as Error).message}`);
    reply(500, { ok: false, error: 'Enregistrement impossible' });
    return;
  }
  const l = result.lead;
  log(`[devis] ${l.timestamp} ${l.urgencyLabel} · ${l.name} · ${l.phone} · ${l.city} · ${l.service}`);
  reply(201, { ok: true });
}
