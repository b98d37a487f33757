import { createServer, type IncomingHttpHeaders } from 'node:http';
import { close, listen } from './server.ts';

export interface Captured {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A real HTTP endpoint standing in for the automation webhook: it records what arrives. */
export async function startCaptureServer() {
  const received: Captured[] = [];
  let delayMs = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') received.push({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"ok":true}');
      }, delayMs);
    });
  });
  const url = `${await listen(server)}/webhook`;
  return {
    url,
    received,
    /** Holds every answer this long, to see the form while it sends. */
    setDelay(ms: number) {
      delayMs = ms;
    },
    close: () => close(server),
  };
}
