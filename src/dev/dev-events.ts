/**
 * What the preview tells each open page, over server-sent events: one `event: <type>` with the
 * event as JSON data. The server (src/dev/event-stream.ts) and the page script (src/dev/client.ts)
 * both read this file, so neither can send what the other does not expect.
 */
import type { Diagnostic } from '../shared/diagnostic.ts';

/** Where pages listen. */
export const EVENTS_PATH = '/__dev/events';

export type DevEvent =
  /** These pages changed (or only the stylesheet, now at `css`): patch the page if it is one. */
  | { type: 'update'; paths: string[]; css?: string; cssOnly: boolean }
  /** Show these over the last good page, until `ok`. */
  | { type: 'errors'; diagnostics: Diagnostic[] }
  | { type: 'ok' }
  /** This preview ends for one with new code: reconnect, then patch or reload. */
  | { type: 'restart' };
