import { existsSync, watch, type FSWatcher } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { dirname, join, relative, resolve } from 'node:path';
import { type ClientBundle, clientContext } from '../engine/bundle-client.ts';
import { diagnosticsOf } from '../engine/build-diagnostics.ts';
import { BuildEngine, type Output } from '../engine/engine.ts';
import { PROJECT_ROOT } from '../engine/project-root.ts';
import { digest } from '../engine/cache.ts';
import { type Diagnostic, diagnosticLine } from '../shared/diagnostic.ts';
import { isStylesheetPath, stylesheetPath } from '../shared/asset-names.ts';
import { contentHash } from '../shared/hash.ts';
import { readStyles, STYLES_SOURCE } from '../engine/styles.ts';
import { outputFile } from '../site/routes.ts';
import { createSiteServer } from '../server/static-server.ts';
import { memoryFiles } from '../server/site-files.ts';
import { compileDiagnostics, isCompileFailure } from './compile-diagnostics.ts';
import { bundleDevClient, OVERLAY_CSS } from './dev-client-bundle.ts';
import { serverInputs } from './server-inputs.ts';

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
}

/** What the page's dev client hears. */
export type DevEvent =
  | { type: 'update'; paths: string[]; css?: string; cssOnly: boolean }
  | { type: 'errors'; issues: Diagnostic[] }
  | { type: 'ok' }
  /** This preview ends for one with new code: reconnect, then patch or reload. */
  | { type: 'restart' };

/** Saves come in bursts (an editor writes, renames, touches): one rebuild for all of them. */
const SETTLE_MS = 20;
/** How long the rebuild that follows a stylesheet save waits for open pages to fetch the new sheet. */
const SHEET_WAIT_MS = 250;

/**
 * `npm run dev`: the build kept alive. The engine builds in memory and rebuilds only what a save
 * changed; the server serves that memory with the same routing, headers and quote receiver as
 * `npm start`; each open page hears of changes over server-sent events and patches itself in
 * place, swaps the stylesheet, or shows the content errors over the last good page.
 */
export async function startDevServer(options: DevOptions): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const log = options.log ?? console.log;
  const contentDir = resolve(options.contentDir);
  const stylesheet = resolve(options.stylesheet ?? STYLES_SOURCE);
  const publicDir = join(PROJECT_ROOT, 'public');
  const srcDir = join(PROJECT_ROOT, 'src');
  // The client bundle stays in esbuild's incremental context: a save in an island's code redoes
  // only that, and every page then names the new entry script (which makes open pages reload).
  const [clientBuilder, serverFiles, devClient] = await Promise.all([clientContext(), serverInputs(), bundleDevClient()]);
  let clientFiles = new Set<string>();
  let clientBuild: Promise<ClientBundle> | undefined;
  const clientBundle = () => {
    if (clientBuild) return clientBuild;
    const made = clientBuilder.rebuild().then((bundle) => {
      clientFiles = bundle.inputs;
      return bundle;
    });
    // A failed bundle is tried again at the next build, not kept.
    made.catch(() => clientBuild === made && (clientBuild = undefined));
    return (clientBuild = made);
  };
  const engine = new BuildEngine({
    contentDir,
    cacheDir: options.cacheDir === undefined ? join(PROJECT_ROOT, '.cache/build') : options.cacheDir,
    stylesheet,
    client: clientBundle,
  });
  let outputs = new Map<string, Output>();
  let css: string | undefined;
  /** What the overlay lists: the problems of the preview's code, the client's and the content's, each as of its last try. */
  const problems: Record<'server' | 'client' | 'content', Diagnostic[]> = { server: [], client: [], content: [] };
  let failure: DevEvent | undefined;
  const announce = () => {
    const issues = [...problems.server, ...problems.client, ...problems.content];
    if (issues.length === 0) {
      if (failure) send({ type: 'ok' });
      failure = undefined;
      return;
    }
    failure = { type: 'errors', issues };
    send(failure);
  };
  const clients = new Set<ServerResponse>();
  const send = (event: DevEvent) => {
    for (const res of clients) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };

  /** Files served ahead of the build's: the new stylesheet, while the pages that name it are rebuilt. */
  const early = new Map<string, Output>();
  const onlyStyles = (changed: string[] | undefined) => !!changed && changed.every((p) => resolve(p) === stylesheet);
  /**
   * Every page names the stylesheet by its hash, so a stylesheet save rebuilds every page; open
   * pages need only the sheet, ready in milliseconds: they swap it at once, without waiting for
   * that rebuild nor for one still running.
   */
  const swapStylesFirst = (): string | undefined => {
    if (failure) return undefined;
    // As written, not minified: the rebuild that follows makes the real one.
    const source = readStyles(stylesheet);
    const path = stylesheetPath(contentHash(source));
    early.clear();
    early.set(path, { hash: digest(source), bytes: Buffer.from(source) });
    send({ type: 'update', paths: [], css: `/${path}`, cssOnly: true });
    return path;
  };
  /**
   * Resolves once an open page has fetched the early sheet, or after SHEET_WAIT_MS (none open):
   * rendering pages holds this thread, and the sheet's request must not wait behind it.
   */
  const sheetWaiters = new Map<string, () => void>();
  const fetched = (path: string) =>
    new Promise<void>((done) => {
      const finish = () => {
        clearTimeout(timer);
        sheetWaiters.delete(path);
        done();
      };
      const timer = setTimeout(finish, SHEET_WAIT_MS);
      sheetWaiters.set(path, finish);
    });
  const served = (file: string): Output | undefined => {
    const sheet = early.get(file);
    if (!sheet) return outputs.get(file);
    sheetWaiters.get(file)?.();
    return sheet;
  };
  /** Builds; on success swaps in the new site and says what changed, else keeps the last good one. */
  const rebuild = async (changed?: string[], announced = false): Promise<void> => {
    const started = performance.now();
    const cssOnly = onlyStyles(changed);
    try {
      // Every file is hashed again: an editor's atomic save (write a temporary file, rename it)
      // does not always name the file it replaced, and hashing costs a millisecond per 100 files.
      const result = await engine.build();
      const before = outputs;
      outputs = result.outputs;
      const nextCss = [...outputs.keys()].find(isStylesheetPath);
      const cssChanged = css !== undefined && nextCss !== css;
      css = nextCss;
      const paths = result.routes.filter((r) => before.get(outputFile(r.path))?.hash !== outputs.get(outputFile(r.path))?.hash).map((r) => r.path);
      // A sheet served early goes once the site has it (a later save's may still be on its way).
      for (const path of early.keys()) if (outputs.has(path)) early.delete(path);
      problems.content = [];
      problems.client = [];
      announce();
      if (!announced) send({ type: 'update', paths, ...(cssChanged ? { css: `/${nextCss}` } : {}), cssOnly });
      log(`${changed ? 'Reconstruit' : 'Construit'} en ${Math.round(performance.now() - started)} ms : ${result.stats.rendered} page(s) rendue(s).`);
    } catch (error) {
      const diagnostics = diagnosticsOf(error);
      if (!diagnostics) {
        if (!isCompileFailure(error)) throw error;
        problems.client = compileDiagnostics(error.message);
        announce();
        log(problems.client.map(diagnosticLine).join('\n'));
        return;
      }
      problems.content = diagnostics;
      announce();
      log((error as Error).message);
    }
  };

  const intercept = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/__dev/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write('retry: 500\n\n');
      if (failure) res.write(`event: errors\ndata: ${JSON.stringify(failure)}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    }
    if (path === '/__dev/client.js' || path === '/__dev/overlay.css') {
      const js = path.endsWith('.js');
      res.writeHead(200, { 'Content-Type': js ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(js ? devClient : OVERLAY_CSS);
      return true;
    }
    return false;
  };
  const server = createSiteServer({
    files: memoryFiles(served),
    leadsFile: options.leadsFile,
    log,
    intercept,
    // Only pages served by the preview carry its client; `npm run build` output never does.
    transformHtml: (html) => html.replace('</head>', '<link rel="stylesheet" href="/__dev/overlay.css"><script type="module" src="/__dev/client.js"></script></head>'),
  });

  await rebuild();

  let running: Promise<void> = Promise.resolve();
  const timers = new Set<NodeJS.Timeout>();
  const onContent = settled((batch) => {
    const sheet = onlyStyles(batch) ? swapStylesFirst() : undefined;
    const sheetFetched = sheet ? fetched(sheet) : undefined;
    running = running.then(() => sheetFetched).then(() => rebuild(batch, !!sheet));
  }, timers);
  /** The preview's own code changed: made anew and restarted, or its compile errors shown. */
  const onServerCode = settled((batch) => {
    running = running.then(async () => {
      if (!options.serverCode) {
        log(`Code du site modifié (${batch.map((p) => relative(PROJECT_ROOT, p)).join(', ')}) : relancez « npm run dev » pour le voir.`);
        return;
      }
      const message = await options.serverCode.compile();
      problems.server = message ? compileDiagnostics(message) : [];
      announce();
      if (message) {
        log(problems.server.map(diagnosticLine).join('\n'));
        return;
      }
      log('Code du site modifié : l’aperçu redémarre avec le nouveau code.');
      send({ type: 'restart' });
      restart = options.serverCode.restart;
    });
    void running.then(() => restart && preview.close().then(restart));
  }, timers);
  let restart: (() => void) | undefined;
  const onCode = (path: string) => {
    if (path === stylesheet) return;
    if (serverFiles.has(path)) onServerCode(path);
    else if (clientFiles.has(path)) {
      clientBuild = undefined;
      onContent(path);
    }
  };
  const watchers: FSWatcher[] = [
    watch(contentDir, { recursive: true }, (_, name) => name && onContent(join(contentDir, name.toString()))),
    watch(dirname(stylesheet), (_, name) => name && join(dirname(stylesheet), name.toString()) === stylesheet && onContent(stylesheet)),
    watch(srcDir, { recursive: true }, (_, name) => name && onCode(join(srcDir, name.toString()))),
    ...(existsSync(publicDir) ? [watch(publicDir, { recursive: true }, (_, name) => name && onContent(join(publicDir, name.toString())))] : []),
  ];

  await new Promise<void>((done) => server.listen(options.port, options.host ?? '0.0.0.0', done));
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : options.port}`;
  const preview = {
    server,
    url,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const w of watchers) w.close();
      for (const res of clients) res.end();
      await running;
      await new Promise((done) => server.close(done));
      await Promise.all([engine.close(), clientBuilder.dispose()]);
    },
  };
  return preview;
}

/** Saves come in bursts (an editor writes, renames, touches): `act` once for all, SETTLE_MS after the last. */
function settled(act: (batch: string[]) => void, timers: Set<NodeJS.Timeout>): (path: string) => void {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  return (path) => {
    pending.add(path);
    if (timer) {
      clearTimeout(timer);
      timers.delete(timer);
    }
    timer = setTimeout(() => {
      timers.delete(timer!);
      const batch = [...pending];
      pending = new Set();
      act(batch);
    }, SETTLE_MS);
    timers.add(timer);
  };
}
