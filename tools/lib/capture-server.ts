import { createServer, type IncomingHttpHeaders } from 'node:http';
import { close, listen } from './server.ts';

export interface Captured {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * How the stand-in webhook answers: after `delayMs`, with `status`, never (`hang`), or by resetting
 * the connection as the request arrives, recording nothing (`drop`: the receiver is down); `cors`
 * false leaves out the CORS header, as some automation services do.
 */
export interface CaptureBehaviour {
  delayMs: number;
  status: number;
  hang: boolean;
  drop: boolean;
  cors: boolean;
}

const NORMAL: CaptureBehaviour = { delayMs: 0, status: 200, hang: false, drop: false, cors: true };

/**
 * A real HTTP endpoint standing in for the automation webhook: it records what arrives. It answers
 * CORS like most automation webhooks, which a no-cors request ignores anyway.
 */
export async function startCaptureServer() {
  const received: Captured[] = [];
  let behaviour = { ...NORMAL };
  /** While set, every answer waits for it: the test sees the form while it sends, for as long as it needs. */
  let held: Promise<void> | undefined;
  const server = createServer((req, res) => {
    if (behaviour.drop) return void req.socket.resetAndDestroy();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') received.push({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const { delayMs, status, hang, cors } = behaviour;
      if (hang) return;
      const answer = () => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}) });
        res.end(status < 300 ? '{"ok":true}' : '{"ok":false}');
      };
      void (held ?? Promise.resolve()).then(() => setTimeout(answer, delayMs));
    });
  });
  const url = `${await listen(server)}/webhook`;
  return {
    url,
    received,
    /** Holds every answer until the returned function is called. */
    hold(): () => void {
      let release!: () => void;
      held = new Promise((done) => (release = done));
      return () => {
        held = undefined;
        release();
      };
    },
    behave(change: Partial<CaptureBehaviour>) {
      behaviour = { ...behaviour, ...change };
    },
    reset() {
      received.length = 0;
      held = undefined;
      behaviour = { ...NORMAL };
    },
    close: () => close(server),
  };
}
