import { existsSync, type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
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
      // Its folder, not the file: an editor's atomic save replaces the file, which a file watcher loses.
      watch(sheetDir, (_, name) => name && join(sheetDir, name.toString()) === stylesheet && on.content(stylesheet)),
    ];
    watchTree(contentDir, on.content, this.watchers);
    watchTree(srcDir, on.code, this.watchers);
    if (existsSync(publicDir)) watchTree(publicDir, on.content, this.watchers);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    for (const w of this.watchers) w.close();
  }
}

/**
 * A watcher per folder of `root`, and one more for each folder made later. Node 20's
 * `recursive: true` on Linux watches every file and, at each write in a folder, lists that
 * folder again: 4,000 cities made every save pay a listing of 4,000 names first. A folder's
 * own watcher names the file that changed, came or went. Watchers go into `all`, for `close`.
 */
function watchTree(root: string, saved: (path: string) => void, all: FSWatcher[]): void {
  const folders = new Map<string, FSWatcher>();
  const add = (dir: string) => {
    // A folder named again was made, or made again: its old watcher, if any, watches nothing.
    folders.get(dir)?.close();
    const watcher = watch(dir, (_, name) => {
      if (!name) return;
      const path = join(dir, name.toString());
      saved(path);
      if (isFolder(path)) add(path);
    });
    // A folder deleted takes its watcher with it.
    watcher.on('error', () => watcher.close());
    folders.set(dir, watcher);
    all.push(watcher);
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) add(join(dir, entry.name));
  };
  add(root);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
