import { mkdir, open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { quotePayloadSchema, type QuotePayload } from '../islands/quote-form/quote-schema.ts';

export const MAX_BODY_BYTES = 16 * 1024;

export type ReceiveResult =
  | { status: 201; lead: QuotePayload }
  | { status: 400 | 413; error: string };

/**
 * Checks one raw request body. The browser's no-cors request arrives as `text/plain`, so the body
 * is parsed as JSON whatever the content type says.
 */
export function checkLead(body: Buffer): ReceiveResult {
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
  return { status: 201, lead: result.data };
}

/** Appends leads one JSON line at a time, each flushed to disk before the next, in arrival order. */
export function createLeadStore(file: string) {
  let queue: Promise<unknown> = Promise.resolve();
  const append = async (lead: QuotePayload) => {
    await mkdir(dirname(file), { recursive: true });
    const handle = await open(file, 'a');
    try {
      await handle.write(`${JSON.stringify(lead)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  return {
    file,
    save(lead: QuotePayload): Promise<void> {
      const next = queue.then(() => append(lead));
      queue = next.catch(() => undefined);
      return next;
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
  log: (line: string) => void,
): Promise<void> {
  const reply = (status: number, body: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const body = await readBody(req);
  const result = body === 'too-large' ? checkLead(Buffer.alloc(MAX_BODY_BYTES + 1)) : checkLead(body);
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
