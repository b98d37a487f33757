import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevEvent } from './dev-events.ts';

/** The open pages, each listening on one response kept open (server-sent events). */
export class EventStream {
  private readonly pages = new Set<ServerResponse>();

  /** Takes a page's request to listen; `pending` is what it must show at once (the current errors). */
  open(req: IncomingMessage, res: ServerResponse, pending?: DevEvent): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    // A page that lost the preview (a restart) asks again soon.
    res.write('retry: 500\n\n');
    if (pending) res.write(frame(pending));
    this.pages.add(res);
    req.on('close', () => this.pages.delete(res));
  }

  send(event: DevEvent): void {
    for (const res of this.pages) res.write(frame(event));
  }

  close(): void {
    for (const res of this.pages) res.end();
  }
}

const frame = (event: DevEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
