import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import fc from 'fast-check';
import type { QuoteOptions } from '../../src/shared/quote/quote-options.ts';
import { buildPayload, INITIAL_VALUES, URGENCIES } from '../../src/shared/quote/quote-schema.ts';
import { hasControls } from '../../src/server/console-line.ts';
import { checkLead } from '../../src/server/quote-receiver.ts';

export interface FuzzFigures {
  bodies: number;
  /** Answers with a status of 500 or more, or none at all (the server stopped answering). */
  answered5xx: number;
  crashes: number;
  /** Lines of the leads file that fail the receiver's own check, or that no 201 acknowledged. */
  storedInvalid: number;
  /** Console lines holding a raw control character or more than one line. */
  rawControlLines: number;
  statuses: Record<number, number>;
}

/** Text with what breaks receivers: controls, separators, bidi overrides, astral and lone surrogates. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.constantFrom('\n', '\r', '\0', '\u001b', '\u0085', '\u2028', '\u2029', '\u202e', '\ud800', 'é', '"', '\\', '[devis] ', 'A'), maxLength: 30 }),
  fc.constantFrom('', ' ', '../../etc', '__proto__', 'constructor', 'A\n[devis] FAKE LINE', 'x'.repeat(1001)),
);

const jsonValue = fc.jsonValue({ maxDepth: 3 });

/** Bodies a hand-made or broken request could send, from nearly valid leads to raw bytes. */
export function bodyArbitrary(options: QuoteOptions): fc.Arbitrary<Buffer> {
  const choice = (list: { value: string }[]) => fc.constantFrom(...list.map((o) => o.value));
  const valid = fc
    .record({
      name: fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim().length > 0),
      phone: fc.string({ minLength: 10, maxLength: 20 }).filter((s) => s.trim().length >= 10),
      email: fc.oneof(fc.constant(''), fc.emailAddress()),
      city: choice(options.cities),
      service: choice(options.services),
      urgency: fc.constantFrom(...URGENCIES),
      message: fc.string({ maxLength: 1000 }),
    })
    .map((v) => buildPayload({ ...INITIAL_VALUES, ...v }, new Date()));
  const tampered = fc
    .tuple(valid, fc.constantFrom('name', 'phone', 'email', 'city', 'service', 'urgency', 'message', 'timestamp', 'urgencyLabel', '__proto__'), fc.oneof(hostileText, jsonValue))
    .map(([lead, field, value]) => ({ ...lead, [field]: value }));
  const json = fc.oneof(valid, tampered, jsonValue).map((v) => Buffer.from(JSON.stringify(v) ?? 'undefined'));
  const bytes = fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b));
  const cut = fc.tuple(valid, fc.nat()).map(([lead, n]) => {
    const text = JSON.stringify(lead);
    return Buffer.from(text.slice(0, n % text.length));
  });
  const huge = fc.integer({ min: 16 * 1024 - 200, max: 17 * 1024 }).map((n) => Buffer.from(JSON.stringify({ name: 'x'.repeat(n) })));
  return fc.oneof({ arbitrary: json, weight: 6 }, { arbitrary: bytes, weight: 2 }, { arbitrary: cut, weight: 1 }, { arbitrary: huge, weight: 1 });
}

/** Headers a client may send: any content type, charset, and a few odd but legal extras. */
export const headersArbitrary: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'content-type': fc.constantFrom('text/plain;charset=UTF-8', 'application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain; charset=latin1', '', 'application/json; charset=utf-16'),
    'x-forwarded-for': fc.constantFrom('127.0.0.1', '::1', 'garbage'),
    'accept-encoding': fc.constantFrom('br', 'gzip', 'identity', '*'),
    expect: fc.constant('100-continue'),
    'transfer-encoding': fc.constant('chunked'),
  },
  { requiredKeys: ['content-type'] },
);

function post(base: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const chunked = headers['transfer-encoding'] === 'chunked';
    const req = request(`${base}/api/quote`, { method: 'POST', headers: chunked ? headers : { ...headers, 'content-length': String(body.length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    // A refused or dropped connection counts as a 5xx: the server did not answer.
    req.on('error', () => resolve(599));
    req.setTimeout(10_000, () => req.destroy());
    req.end(body);
  });
}

/**
 * Sends `runs` fuzzed bodies with fuzzed headers to the receiver at `base`, then checks the leads
 * file it writes and the console lines it printed. The server must stay up, answer 201/400/413
 * only, store exactly the bodies it acknowledged and nothing the receiver's check refuses.
 */
export async function fuzzReceiver(input: { base: string; leadsFile: string; logs: string[]; options: QuoteOptions; runs: number; seed?: number }): Promise<FuzzFigures> {
  const figures: FuzzFigures = { bodies: 0, answered5xx: 0, crashes: 0, storedInvalid: 0, rawControlLines: 0, statuses: {} };
  const crashed = () => (figures.crashes += 1);
  process.on('uncaughtException', crashed);
  const before = existsSync(input.leadsFile) ? readFileSync(input.leadsFile, 'utf8').split('\n').length - 1 : 0;
  const logsBefore = input.logs.length;
  let acknowledged = 0;
  try {
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(input.options), headersArbitrary, async (body, headers) => {
        const status = await post(input.base, body, headers);
        figures.bodies += 1;
        figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
        if (status >= 500) figures.answered5xx += 1;
        if (status === 201) acknowledged += 1;
        return true;
      }),
      { numRuns: input.runs, seed: input.seed },
    );
  } finally {
    process.off('uncaughtException', crashed);
  }
  const stored = existsSync(input.leadsFile) ? readFileSync(input.leadsFile, 'utf8').split('\n').slice(before, -1) : [];
  figures.storedInvalid = stored.filter((line) => checkLead(Buffer.from(line), input.options).status !== 201).length + Math.abs(stored.length - acknowledged);
  figures.rawControlLines = input.logs.slice(logsBefore).filter(hasControls).length;
  return figures;
}
