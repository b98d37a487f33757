import type { Diagnostic } from '../shared/diagnostic.ts';
import type { DevEvent } from './dev-events.ts';
import type { EventStream } from './event-stream.ts';

/** Who found a problem: the compile of the preview's own code, the client bundle's, the build of the content. */
export type ProblemSource = 'server' | 'client' | 'content';

/**
 * What the overlay lists: the problems of each source as of its last try. Open pages hear of
 * every change; a page that connects meanwhile is shown them at once.
 */
export class OverlayProblems {
  private readonly bySource: Record<ProblemSource, Diagnostic[]> = { server: [], client: [], content: [] };
  /** The errors event every page shows, while there is one. */
  private shown: DevEvent | undefined;

  constructor(private readonly events: EventStream) {}

  get current(): DevEvent | undefined {
    return this.shown;
  }

  /** Replaces the problems of the sources given, then tells the pages once: the new list, or that all is well. */
  report(found: Partial<Record<ProblemSource, Diagnostic[]>>): void {
    Object.assign(this.bySource, found);
    const diagnostics = [...this.bySource.server, ...this.bySource.client, ...this.bySource.content];
    if (diagnostics.length === 0) {
      if (this.shown) this.events.send({ type: 'ok' });
      this.shown = undefined;
      return;
    }
    this.shown = { type: 'errors', diagnostics };
    this.events.send(this.shown);
  }
}
