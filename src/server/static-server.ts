import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileForPath, notFoundFileFor } from '../host/file-lookup.ts';
import { IMMUTABLE_URL_PREFIXES } from '../shared/asset-names.ts';
import type { QuoteOptions } from '../shared/quote/quote-options.ts';
import { escapeControls } from './console-line.ts';
import { formOptionsReader } from './form-options.ts';
import { applyHeaderRules, overPlainHttp, parseHeaders, type HeaderRule } from '../host/header-rules.ts';
import { diskFiles, fromFile, type SiteFiles } from './site-files.ts';
import { createLeadStore, handleQuote } from './quote-receiver.ts';
import { IMMUTABLE_CACHE_CONTROL } from '../shared/settings.ts';
import { cardsOnRequest, type CardsOnRequest } from './share-cards.ts';
import { ResponseCache, stillFresh } from './response-cache.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

/** The host's configuration files: read by Cloudflare's assets layer and Netlify, never served. */
const HOST_FILES = new Set(['_headers', '_redirects']);

/**
 * What Workers static assets sends before `_headers` applies, on a page as on the 404 page:
 * browsers revalidate on every visit.
 */
const HOST_DEFAULT_CACHE = 'public, max-age=0, must-revalidate';

/** How Workers static assets sends a page's other addresses to its own (`npm run check:host` checks it). */
export const REDIRECT_STATUS = 307;

/**
 * The headers of a static response. With a `_headers` file, they are what the Worker's assets
 * layer sends: its defaults, then the file's rules, less what only HTTPS means: this server speaks
 * plain HTTP. Without one, the same safe defaults as before it existed: long cache for hashed
 * assets, no-cache elsewhere, nosniff.
 */
function staticHeaders(rules: HeaderRule[] | undefined, target: { pathname: string; hostname: string }, status: number, base: Record<string, string>) {
  if (!rules) {
    const cache = IMMUTABLE_URL_PREFIXES.some((prefix) => target.pathname.startsWith(prefix)) && status < 300 ? IMMUTABLE_CACHE_CONTROL : 'no-cache';
    return { ...base, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' };
  }
  const headers = applyHeaderRules(rules, target, { ...base, ...(status < 300 || status === 404 ? { 'Cache-Control': HOST_DEFAULT_CACHE } : {}) });
  return overPlainHttp(headers);
}

export interface ServerOptions {
  /** A built dist/ to serve, or `files` for any other source. */
  root?: string;
  files?: SiteFiles;
  leadsFile: string;
  log?: (line: string) => void;
  /** The choices leads must come from; by default those of the form the site serves. */
  quoteOptions?: QuoteOptions;
  /** Answers a request before the site does (the live preview's own addresses); true when it did. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Changes each HTML page on its way out (the live preview adds its script). */
  transformHtml?: (html: string) => string;
  /** Where share cards drawn on request are kept (the build cache's card folder); without it, in memory only for the request. */
  cardCache?: string;
}

/** What answering a static request needs: the files, which of them the host serves, its header rules. */
interface StaticSite {
  files: SiteFiles;
  has(file: string): boolean;
  headerRules(): HeaderRule[] | undefined;
  transformHtml?: ((html: string) => string) | undefined;
  cards: CardsOnRequest;
  responses: ResponseCache;
}

/**
 * Serves dist/ the way the Worker's static assets do (extensionless URLs, `/a/b.html` redirected to
 * `/a/b`, 404.html with status 404, the headers of `_headers`) and answers POST /api/quote so the
 * quote form works locally with nothing else running.
 */
export function createSiteServer({ root, files: given, leadsFile, log: print = console.log, quoteOptions, intercept, transformHtml, cardCache }: ServerOptions): Server {
  const files = given ?? diskFiles(root ?? 'dist');
  const store = createLeadStore(leadsFile);
  const options = quoteOptions ? () => quoteOptions : formOptionsReader(files);
  // Lines carry what visitors typed: no control character reaches the terminal raw.
  const log = (line: string) => print(escapeControls(line));
  const site: StaticSite = {
    files,
    has: (file) => !HOST_FILES.has(file) && files.stamp(file) !== undefined,
    // Read again whenever the file changes: a rebuild replaces dist/ while `npm start` runs.
    headerRules: fromFile(files, '_headers', (bytes) => parseHeaders(Buffer.from(bytes).toString('utf8')).rules),
    transformHtml,
    cards: cardsOnRequest(files, cardCache),
    // Pages changed on their way out are this server's own: their validators are too.
    responses: new ResponseCache(transformHtml ? `live ${process.pid} ${Date.now()}` : 'site'),
  };

  return createServer((req, res) => {
    if (intercept?.(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/quote') {
      serveStatic(req, res, url, site);
      return;
    }
    if (req.method !== 'POST') {
      // The Worker's words (src/worker/index.ts): `npm run check:host` compares them.
      res.writeHead(405, { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' }).end('POST attendu');
      return;
    }
    handleQuote(req, res, store, options, log).catch((error: Error) => {
      log(`[devis] erreur : ${error.message}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
}

/**
 * Where Workers static assets redirects a path (`auto-trailing-slash`): a page's file name to its
 * extensionless URL, a trailing slash dropped, but a folder's index (the English home,
 * en/index.html) kept at its address with the slash: `/en` and `/en/index.html` go to `/en/`.
 */
function redirectFor(pathname: string, search: string, has: (file: string) => boolean): string | undefined {
  if (pathname.includes('\0')) return undefined;
  const bare = pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  if (pathname.length > 1 && pathname.endsWith('/')) return has(`${bare}/index.html`) ? undefined : `/${bare}${search}`;
  if (pathname.endsWith('.html') && has(pathname.slice(1))) return pathname.replace(/(\/index)?\.html$/, (_, index?: string) => (index ? '/' : '')) + search;
  if (bare && !has(bare) && !has(`${bare}.html`) && has(`${bare}/index.html`)) return `/${bare}/${search}`;
  return undefined;
}

function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, site: StaticSite): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    pathname = '/404';
  }
  const target = { pathname: url.pathname, hostname: String(req.headers.host ?? 'localhost').replace(/:\d+$/, '') };
  const location = redirectFor(pathname, url.search, site.has);
  if (location !== undefined) {
    res.writeHead(REDIRECT_STATUS, { ...staticHeaders(site.headerRules(), target, REDIRECT_STATUS, {}), Location: location }).end();
    return;
  }
  const card = site.cards.wanted(pathname, site.has);
  if (card) {
    site.cards.bytes(card).then(
      (png) => sendFile(req, res, site, pathname.slice(1), 200, target, png),
      (error: Error) => {
        console.error(`Carte ${pathname} : ${error.message}`);
        sendError(res, site, target, `Carte impossible à dessiner : ${pathname}`);
      },
    );
    return;
  }
  const found = pathname.includes('\0') ? undefined : fileForPath(pathname, site.has);
  const notFound = found ? undefined : (notFoundFileFor(pathname, site.has) ?? (site.has('404.html') ? '404.html' : undefined));
  if (!found && !notFound) {
    // A folder served without the build's not-found page (`npm run serve -- --dir` on another site).
    res.writeHead(404, staticHeaders(site.headerRules(), target, 404, { 'Content-Type': 'text/plain; charset=utf-8' })).end(`Aucune page à l’adresse ${pathname}.\n`);
    return;
  }
  sendFile(req, res, site, (found ?? notFound)!, found ? 200 : 404, target);
}

/** `bytes`: a file drawn on request rather than read from the site's files. */
function sendFile(req: IncomingMessage, res: ServerResponse, site: StaticSite, file: string, status: number, target: { pathname: string; hostname: string }, bytes?: Uint8Array): void {
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  // Compress text as every CDN does, so local measurements match production transfer sizes.
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = !COMPRESSIBLE.test(type) ? undefined : /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
  const stamp = bytes ? undefined : site.files.stamp(file);
  const etag = stamp === undefined ? undefined : site.responses.etag(stamp);
  const headers = {
    ...staticHeaders(site.headerRules(), target, status, { 'Content-Type': type }),
    Vary: 'Accept-Encoding',
    ...(etag ? { ETag: etag } : {}),
  };
  if (etag && status === 200 && stillFresh(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const body = () => {
    const raw = bytes ?? site.files.read(file);
    return site.transformHtml && type.startsWith('text/html') ? Buffer.from(site.transformHtml(Buffer.from(raw).toString('utf8'))) : raw;
  };
  let payload: Uint8Array | undefined;
  try {
    // Read before the status is sent: a file gone since it was listed (a build replacing dist/)
    // gets an answer, where a stream left open would hang the browser.
    if (req.method !== 'HEAD') payload = !encoding ? body() : etag ? site.responses.encoded(etag, encoding, () => encodeBody(body(), encoding)) : encodeBody(body(), encoding);
  } catch (error) {
    console.error(`${file} : ${(error as Error).message}`);
    sendError(res, site, target, `Fichier illisible : ${file}`);
    return;
  }
  res.writeHead(status, { ...headers, ...(encoding ? { 'Content-Encoding': encoding } : {}) });
  res.end(payload);
}

/** A 500 with the headers of every other answer (the CSP, nosniff…), and what failed in its text. */
function sendError(res: ServerResponse, site: StaticSite, target: { pathname: string; hostname: string }, text: string): void {
  res.writeHead(500, staticHeaders(site.headerRules(), target, 500, { 'Content-Type': 'text/plain; charset=utf-8' })).end(`${text}\n`);
}

/** A body as this server compresses it: brotli at quality 6, as CDNs do on the fly, or gzip. */
export function encodeBody(body: Uint8Array, encoding: 'br' | 'gzip'): Uint8Array {
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }) : gzipSync(body);
}
