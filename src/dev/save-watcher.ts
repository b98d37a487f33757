import { existsSync, type FSWatcher, watch } from 'node:fs';
import { dirname, join } from 'node:path';

/** Saves come in bursts (an editor writes, renames, touches): one rebuild for all of them. */
const SETTLE_MS = 20;

export interface WatchedSources {
  contentDir: string;
  stylesheet: string;
  srcDir: string;
  publicDir: string;
}

/** What a save is to the preview: the site's content (content/, the stylesheet, public/), or its code (src/). */
export interface SaveHandlers {
  content(path: string): void;
  code(path: string): void;
}

/** The preview's file watchers, and the bursts of saves they are waiting out. */
export class SaveWatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private watchers: FSWatcher[] = [];

  /** `act` once per burst, SETTLE_MS after its last save, with every path saved. */
  batched(act: (batch: string[]) => void): (path: string) => void {
    let pending = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    return (path) => {
      pending.add(path);
      if (timer) {
        clearTimeout(timer);
        this.timers.delete(timer);
      }
      timer = setTimeout(() => {
        this.timers.delete(timer!);
        const batch = [...pending];
        pending = new Set();
        act(batch);
      }, SETTLE_MS);
      this.timers.add(timer);
    };
  }

  watch({ contentDir, stylesheet, srcDir, publicDir }: WatchedSources, on: SaveHandlers): void {
    const sheetDir = dirname(stylesheet);
    this.watchers = [
      watch(contentDir, { recursive: true }, (_, name) => name && on.content(join(contentDir, name.toString()))),
      // Its folder, not the file: an editor's atomic save replaces the file, which a file watcher loses.
      watch(sheetDir, (_, name) => name && join(sheetDir, name.toString()) === stylesheet && on.content(stylesheet)),
      watch(srcDir, { recursive: true }, (_, name) => name && on.code(join(srcDir, name.toString()))),
      ...(existsSync(publicDir) ? [watch(publicDir, { recursive: true }, (_, name) => name && on.content(join(publicDir, name.toString())))] : []),
    ];
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    for (const w of this.watchers) w.close();
  }
}
