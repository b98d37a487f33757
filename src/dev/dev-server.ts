import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { diagnosticsOf, digest, BuildEngine, type BuildResult, type Output, PROJECT_ROOT, STYLES_SOURCE, cardStoreDir, explainLines } from '../engine/index.ts';
import { isStylesheetPath } from '../shared/asset-names.ts';
import { diagnosticLine } from '../shared/diagnostic.ts';
import { PHOTOS_URL } from '../shared/photos.ts';
import { outputFile } from '../site/paths.ts';
import { createSiteServer } from '../server/static-server.ts';
import { memoryFiles } from '../server/site-files.ts';
import { ClientBuilds } from './client-builds.ts';
import { compileDiagnostics, isCompileFailure } from './compile-diagnostics.ts';
import { bundleDevClient, CLIENT_PATH, OVERLAY_CSS, OVERLAY_CSS_PATH, withDevClient } from './dev-client-bundle.ts';
import { type DevEvent, EVENTS_PATH } from './dev-events.ts';
import { EarlyStylesheet } from './early-stylesheet.ts';
import { EventStream } from './event-stream.ts';
import { OverlayProblems } from './overlay-problems.ts';
import { SaveWatcher } from './save-watcher.ts';
import { serverInputs } from './server-inputs.ts';
import { CACHE_DIR } from '../shared/settings.ts';

export interface DevOptions {
  contentDir: string;
  port: number;
  host?: string;
  leadsFile: string;
  /** The disk cache: parsed content survives a restart. Null keeps everything in memory. */
  cacheDir?: string | null;
  /** The stylesheet's source (default src/styles/site.css). */
  stylesheet?: string;
  log?: (line: string) => void;
  /**
   * How a save in the preview's own code (templates, server, content code) reaches the page: this
   * process cannot load new code, so the launcher (bin/cli.mjs) makes it anew and starts a new
   * preview. `compile` resolves to the compiler's message when the code does not build; `restart`
   * ends this process for the new one. Without it the preview says to restart it by hand.
   */
  serverCode?: { compile(): Promise<string | null>; restart(): void };
  /** Files served beside the site as they are, without the preview's script (the web editor, `npm run cms`). */
  extraFiles?: Map<string, Uint8Array>;
  /** Files made from each good build, served beside the site (the editor's preview data). */
  buildFiles?: (result: BuildResult) => Map<string, Uint8Array>;
}

export interface DevServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * `npm run dev`: the build kept alive. The engine builds in memory and rebuilds only what a save
 * changed; the server serves that memory with the same routing, headers and quote receiver as
 * `npm start`; each open page hears of changes over server-sent events and patches itself in
 * place, swaps the stylesheet, or shows the content errors over the last good page.
 */
export async function startDevServer(options: DevOptions): Promise<DevServer> {
  const [client, serverFiles, devClient] = await Promise.all([ClientBuilds.start(), serverInputs(), bundleDevClient()]);
  const preview = new Preview(options, client, serverFiles, devClient);
  await preview.rebuild();
  preview.watch();
  const url = await preview.listen(options.port, options.host ?? '0.0.0.0');
  return { server: preview.server, url, close: () => preview.close() };
}

/** One live preview: its build, the site it serves, the pages it tells, the saves it waits out. */
class Preview {
  readonly server: Server;
  private readonly options: DevOptions;
  private readonly log: (line: string) => void;
  private readonly contentDir: string;
  private readonly stylesheet: string;
  private readonly engine: BuildEngine;
  private readonly client: ClientBuilds;
  /** The sources this process runs: a save in one needs new code, so a new preview. */
  private readonly serverFiles: Set<string>;
  private readonly devClient: string;
  private readonly events = new EventStream();
  private readonly problems = new OverlayProblems(this.events);
  private readonly early: EarlyStylesheet;
  private readonly saves = new SaveWatcher();
  private readonly contentSaved: (path: string) => void;
  private readonly serverCodeSaved: (path: string) => void;
  /** The last good site, served until a build succeeds. */
  private outputs = new Map<string, Output>();
  /** Made from the last good build by `options.buildFiles`. */
  private built = new Map<string, Output>();
  /** Its stylesheet's path: pages swap theirs when it changes. */
  private css: string | undefined;
  /** Rebuilds and compiles, one at a time, in the order of the saves. */
  private running: Promise<void> = Promise.resolve();
  /** Set once new code compiled: this preview then ends for one that runs it. */
  private restart: (() => void) | undefined;

  constructor(options: DevOptions, client: ClientBuilds, serverFiles: Set<string>, devClient: string) {
    this.options = options;
    this.log = options.log ?? console.log;
    this.contentDir = resolve(options.contentDir);
    this.stylesheet = resolve(options.stylesheet ?? STYLES_SOURCE);
    this.client = client;
    this.serverFiles = serverFiles;
    this.devClient = devClient;
    this.early = new EarlyStylesheet(this.stylesheet);
    const cacheDir = options.cacheDir === undefined ? join(PROJECT_ROOT, CACHE_DIR) : options.cacheDir;
    this.engine = new BuildEngine({
      contentDir: this.contentDir,
      cacheDir,
      stylesheet: this.stylesheet,
      client: client.bundle,
      photos: 'on-request',
      saveIndex: 'when-idle',
    });
    const extra = new Map([...(options.extraFiles ?? [])].map(([path, bytes]) => [path, { hash: digest(bytes), bytes }]));
    const extraPages = new Set([...extra].filter(([path]) => path.endsWith('.html')).map(([, file]) => new TextDecoder().decode(file.bytes)));
    this.server = createSiteServer({
      files: memoryFiles((path) => this.early.serve(path) ?? this.outputs.get(path) ?? extra.get(path) ?? this.built.get(path)),
      leadsFile: options.leadsFile,
      log: this.log,
      intercept: (req, res) => this.intercept(req, res),
      transformHtml: (html) => (extraPages.has(html) ? html : withDevClient(html)),
      ...(cacheDir ? { cardCache: cardStoreDir(cacheDir) } : {}),
    });
    this.contentSaved = this.saves.batched((batch) => this.onContentSaves(batch));
    this.serverCodeSaved = this.saves.batched((batch) => this.onServerCodeSaves(batch));
  }

  /** Builds; on success swaps in the new site and says what changed, else keeps the last good one. */
  async rebuild(changed?: string[], announced = false): Promise<void> {
    const started = performance.now();
    let result: BuildResult;
    try {
      // Not `changed`: an editor's atomic save (write a temporary file, rename it) does not always
      // name the file it replaced. The engine hashes again every file whose stamp moved.
      result = await this.engine.build();
    } catch (error) {
      this.showFailure(error);
      return;
    }
    const update = this.swapIn(result, this.onlyStyles(changed));
    this.problems.report({ content: [], client: [] });
    if (!announced) this.events.send(update);
    this.log(`${changed ? 'Reconstruit' : 'Construit'} en ${Math.round(performance.now() - started)} ms : ${result.stats.rendered} page(s) rendue(s).`);
    // After a save, why: the editor sees which of their files (or which code) made the pages change.
    if (changed && result.stats.rendered > 0) this.log(explainLines(result.renderReasons).join('\n'));
  }

  watch(): void {
    this.saves.watch(
      { contentDir: this.contentDir, stylesheet: this.stylesheet, srcDir: join(PROJECT_ROOT, 'src'), publicDir: join(PROJECT_ROOT, 'public') },
      { content: this.contentSaved, code: (path) => this.onCodeSave(path) },
    );
  }

  async listen(port: number, host: string): Promise<string> {
    await new Promise<void>((done) => this.server.listen(port, host, done));
    const address = this.server.address();
    return `http://localhost:${typeof address === 'object' && address ? address.port : port}`;
  }

  async close(): Promise<void> {
    this.saves.close();
    this.events.close();
    await this.running;
    const closed = new Promise((done) => this.server.close(done));
    // A page whose event stream just ended asks for it again within half a second (retry: 500):
    // a stream opened before the server stopped listening would hold close() open for ever, and
    // the restart after a code save would never come.
    this.server.closeAllConnections();
    await closed;
    await Promise.all([this.engine.close(), this.client.dispose()]);
  }

  /** Serves the new site; returns what open pages must do about it. */
  private swapIn(result: BuildResult, cssOnly: boolean): DevEvent {
    const before = this.outputs;
    this.outputs = result.outputs;
    this.built = new Map([...(this.options.buildFiles?.(result) ?? [])].map(([path, bytes]) => [path, { hash: digest(bytes), bytes }]));
    const css = [...this.outputs.keys()].find(isStylesheetPath);
    const cssChanged = this.css !== undefined && css !== this.css;
    this.css = css;
    const differs = (path: string) => before.get(outputFile(path))?.hash !== this.outputs.get(outputFile(path))?.hash;
    const paths = result.routes.filter((r) => differs(r.path)).map((r) => r.path);
    this.early.forget(this.outputs);
    return { type: 'update', paths, ...(cssChanged ? { css: `/${css}` } : {}), cssOnly };
  }

  /** Keeps the last good site and shows why the new one failed: its content's problems, or its client code's. */
  private showFailure(error: unknown): void {
    const diagnostics = diagnosticsOf(error);
    if (diagnostics && error instanceof Error) {
      this.problems.report({ content: diagnostics });
      this.log(error.message);
      return;
    }
    if (!isCompileFailure(error)) throw error;
    const code = compileDiagnostics(error.message);
    this.problems.report({ client: code });
    this.log(code.map(diagnosticLine).join('\n'));
  }

  private onlyStyles(changed: string[] | undefined): boolean {
    return !!changed && changed.every((p) => resolve(p) === this.stylesheet);
  }

  private onContentSaves(batch: string[]): void {
    const sheet = this.onlyStyles(batch) ? this.swapStylesheetFirst() : undefined;
    const sheetFetched = sheet ? this.early.fetched(sheet) : undefined;
    this.running = this.running.then(() => sheetFetched).then(() => this.rebuild(batch, !!sheet));
  }

  /**
   * Open pages swap in the saved stylesheet at once, before the rebuild of every page that names
   * it; not while they show errors, which that rebuild may clear. Returns the sheet's path.
   */
  private swapStylesheetFirst(): string | undefined {
    if (this.problems.current) return undefined;
    const path = this.early.make();
    this.events.send({ type: 'update', paths: [], css: `/${path}`, cssOnly: true });
    return path;
  }

  private onCodeSave(path: string): void {
    if (path === this.stylesheet) return;
    if (this.serverFiles.has(path)) this.serverCodeSaved(path);
    else if (this.client.holds(path)) {
      this.client.invalidate();
      this.contentSaved(path);
    }
  }

  private onServerCodeSaves(batch: string[]): void {
    this.running = this.running.then(() => this.compileNewCode(batch));
    void this.running.then(() => this.restart && this.close().then(this.restart));
  }

  /** The preview's own code changed: made anew and restarted, or its compile errors shown. */
  private async compileNewCode(batch: string[]): Promise<void> {
    const { serverCode } = this.options;
    if (!serverCode) {
      this.log(`Code du site modifié (${batch.map((p) => relative(PROJECT_ROOT, p)).join(', ')}) : relancez « npm run dev » pour le voir.`);
      return;
    }
    const message = await serverCode.compile();
    const code = message ? compileDiagnostics(message) : [];
    this.problems.report({ server: code });
    if (message) {
      this.log(code.map(diagnosticLine).join('\n'));
      return;
    }
    this.log('Code du site modifié : l’aperçu redémarre avec le nouveau code.');
    this.events.send({ type: 'restart' });
    this.restart = serverCode.restart;
  }

  /**
   * A photo the site names but nobody asked for yet: the page rendered at once with its name, and
   * the file is encoded on this first request (then kept in the build cache), then served as the
   * site serves any file. True when it took the request.
   */
  private photoPending(path: string, req: IncomingMessage, res: ServerResponse): boolean {
    const file = path.slice(1);
    const output = file.startsWith(PHOTOS_URL.slice(1)) ? this.outputs.get(file) : undefined;
    if (!output || output.bytes) return false;
    this.engine.photoFile(file).then(
      (bytes) => {
        if (bytes) output.bytes = bytes;
        this.server.emit('request', req, res);
      },
      (error: Error) => {
        this.log(`Photo ${path} : ${error.message}`);
        res.writeHead(500).end();
      },
    );
    return true;
  }

  /** The preview's own addresses, answered before the site's; true when it was one. */
  private intercept(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? '/').split('?')[0];
    if (path === EVENTS_PATH) {
      this.events.open(req, res, this.problems.current);
      return true;
    }
    if (this.photoPending(path ?? '/', req, res)) return true;
    if (path === CLIENT_PATH || path === OVERLAY_CSS_PATH) {
      const js = path === CLIENT_PATH;
      res.writeHead(200, { 'Content-Type': js ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(js ? this.devClient : OVERLAY_CSS);
      return true;
    }
    return false;
  }
}
