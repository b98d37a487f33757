import { digest, type Output, readStyles } from '../engine/index.ts';
import { stylesheetPath } from '../shared/asset-names.ts';
import { contentHash } from '../shared/hash.ts';

/** How long the rebuild that follows a stylesheet save waits for open pages to fetch the new sheet. */
const SHEET_WAIT_MS = 250;

/**
 * Every page names the stylesheet by its hash, so a stylesheet save rebuilds every page; open
 * pages need only the sheet, ready in milliseconds. It is served ahead of the build's files, so
 * they swap it at once, without waiting for that rebuild nor for one still running.
 */
export class EarlyStylesheet {
  private readonly sheets = new Map<string, Output>();
  private readonly waiters = new Map<string, () => void>();

  constructor(private readonly source: string) {}

  /** Serves the sheet as saved and returns its path under dist/. */
  make(): string {
    // As written, not minified: the rebuild that follows makes the real one.
    const text = readStyles(this.source);
    const path = stylesheetPath(contentHash(text));
    this.sheets.clear();
    this.sheets.set(path, { hash: digest(text), bytes: Buffer.from(text) });
    return path;
  }

  /**
   * Resolves once an open page has fetched the sheet, or after SHEET_WAIT_MS (none open):
   * rendering pages holds this thread, and the sheet's request must not wait behind it.
   */
  fetched(path: string): Promise<void> {
    return new Promise<void>((done) => {
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(path);
        done();
      };
      const timer = setTimeout(finish, SHEET_WAIT_MS);
      this.waiters.set(path, finish);
    });
  }

  /** The early sheet at this path, if there is one, now fetched. */
  serve(path: string): Output | undefined {
    const sheet = this.sheets.get(path);
    if (sheet) this.waiters.get(path)?.();
    return sheet;
  }

  /** A sheet goes once the built site has it (a later save's may still be on its way). */
  forget(built: ReadonlyMap<string, Output>): void {
    for (const path of this.sheets.keys()) if (built.has(path)) this.sheets.delete(path);
  }
}
