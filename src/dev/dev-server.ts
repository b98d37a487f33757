import { existsSync, watch, type FSWatcher } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { ContentError } from '../content/content-error.ts';
import { BrokenLinksError, BuildEngine, type Output } from '../build/engine.ts';
import { PROJECT_ROOT } from '../build/project-root.ts';
import { digest } from '../build/cache.ts';
import { contentHash } from '../build/hash.ts';
import { linkSource } from '../build/link-sources.ts';
import { readStyles, STYLES_SOURCE } from '../build/styles.ts';
import { outputFile } from '../site/routes.ts';
import { createSiteServer } from '../server/static-server.ts';
import { memoryFiles } from '../server/site-files.ts';
import { bundleDevClient, OVERLAY_CSS } from './dev-client-bundle.ts';

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
}

/** What the page's dev client hears. */
export type DevEvent =
  | { type: 'update'; paths: string[]; css?: string; cssOnly: boolean }
  | { type: 'errors'; issues: { place: string; field: string; message: string }[] }
  | { type: 'ok' };

/** Saves come in bursts (an editor writes, renames, touches): one rebuild for all of them. */
const SETTLE_MS = 20;

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
  const engine = new BuildEngine({ contentDir, cacheDir: options.cacheDir === undefined ? join(PROJECT_ROOT, '.cache/build') : options.cacheDir, stylesheet });
  let outputs = new Map<string, Output>();
  let css: string | undefined;
  let failure: DevEvent | undefined;
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
  const swapStylesFirst = (): boolean => {
    if (failure) return false;
    // As written, not minified: the rebuild that follows makes the real one.
    const source = readStyles(stylesheet);
    const path = `assets/site-${contentHash(source)}.css`;
    early.clear();
    early.set(path, { hash: digest(source), bytes: Buffer.from(source) });
    send({ type: 'update', paths: [], css: `/${path}`, cssOnly: true });
    return true;
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
      const nextCss = [...outputs.keys()].find((p) => /^assets\/site-.*\.css$/.test(p));
      const cssChanged = css !== undefined && nextCss !== css;
      css = nextCss;
      const paths = result.routes.filter((r) => before.get(outputFile(r.path))?.hash !== outputs.get(outputFile(r.path))?.hash).map((r) => r.path);
      // A sheet served early goes once the site has it (a later save's may still be on its way).
      for (const path of early.keys()) if (outputs.has(path)) early.delete(path);
      if (failure) send({ type: 'ok' });
      failure = undefined;
      if (!announced) send({ type: 'update', paths, ...(cssChanged ? { css: `/${nextCss}` } : {}), cssOnly });
      log(`${changed ? 'Reconstruit' : 'Construit'} en ${Math.round(performance.now() - started)} ms : ${result.stats.rendered} page(s) rendue(s).`);
    } catch (error) {
      if (!(error instanceof ContentError) && !(error instanceof BrokenLinksError)) throw error;
      const issues =
        error instanceof ContentError
          ? error.issues.map((i) => ({ place: i.line ? `${i.file}:${i.line}:${i.column ?? 1}` : i.file, field: i.field, message: i.message }))
          : error.broken.map((b) => ({ place: linkSource(b), field: `lien ${b.target}`, message: `la page ${b.page} pointe vers une adresse sans page` }));
      failure = { type: 'errors', issues };
      send(failure);
      log(error.message);
    }
  };

  const client = await bundleDevClient();
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
      res.end(js ? client : OVERLAY_CSS);
      return true;
    }
    return false;
  };
  const server = createSiteServer({
    files: memoryFiles((file) => early.get(file) ?? outputs.get(file)),
    leadsFile: options.leadsFile,
    log,
    intercept,
    // Only pages served by the preview carry its client; `npm run build` output never does.
    transformHtml: (html) => html.replace('</head>', '<link rel="stylesheet" href="/__dev/overlay.css"><script type="module" src="/__dev/client.js"></script></head>'),
  });

  await rebuild();

  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const changed = (path: string) => {
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending];
      pending = new Set();
      const swapped = onlyStyles(batch) && swapStylesFirst();
      running = running.then(() => rebuild(batch, swapped));
    }, SETTLE_MS);
  };
  const watchers: FSWatcher[] = [
    watch(contentDir, { recursive: true }, (_, name) => name && changed(join(contentDir, name.toString()))),
    watch(dirname(stylesheet), (_, name) => name && join(dirname(stylesheet), name.toString()) === stylesheet && changed(stylesheet)),
    ...(existsSync(publicDir) ? [watch(publicDir, { recursive: true }, (_, name) => name && changed(join(publicDir, name.toString())))] : []),
  ];

  await new Promise<void>((done) => server.listen(options.port, options.host ?? '0.0.0.0', done));
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : options.port}`;
  return {
    server,
    url,
    async close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      for (const res of clients) res.end();
      await running;
      await new Promise((done) => server.close(done));
      await engine.close();
    },
  };
}
