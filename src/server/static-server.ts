import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileForPath } from '../engine/check-links.ts';
import { ASSETS_URL } from '../shared/asset-names.ts';
import type { QuoteOptions } from '../shared/quote/quote-options.ts';
import { escapeControls } from './console-line.ts';
import { formOptionsReader } from './form-options.ts';
import { applyHeaderRules, overPlainHttp, parseHeaders, type HeaderRule } from '../host/header-rules.ts';
import { diskFiles, fromFile, type SiteFiles } from './site-files.ts';
import { createLeadStore, handleQuote } from './quote-receiver.ts';

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
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

/** The host's configuration files: read by Cloudflare Pages and Netlify, never served. */
const HOST_FILES = new Set(['_headers', '_redirects']);

/** What Cloudflare Pages sends before `_headers` applies: browsers revalidate on every visit. */
const HOST_DEFAULT_CACHE = 'public, max-age=0, must-revalidate';

/**
 * The headers of a static response. With a `_headers` file, they are what Cloudflare Pages sends:
 * its defaults, then the file's rules, and `no-store` on a 404, less what only HTTPS means: this
 * server speaks plain HTTP. Without one, the same safe defaults as before it existed: long cache
 * for hashed assets, no-cache elsewhere, nosniff.
 */
function staticHeaders(rules: HeaderRule[] | undefined, target: { pathname: string; hostname: string }, status: number, base: Record<string, string>) {
  if (!rules) {
    const cache = target.pathname.startsWith(ASSETS_URL) && status < 300 ? 'public, max-age=31536000, immutable' : 'no-cache';
    return { ...base, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' };
  }
  const headers = applyHeaderRules(rules, target, { ...base, ...(status < 300 ? { 'Cache-Control': HOST_DEFAULT_CACHE } : {}) });
  if (status === 404) headers['cache-control'] = 'no-store';
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
}

/**
 * Serves dist/ the way Cloudflare Pages does (extensionless URLs, `/a/b.html` redirected to
 * `/a/b`, 404.html with status 404, the headers of `_headers`) and answers POST /api/quote so the
 * quote form works locally with nothing else running.
 */
export function createSiteServer({ root, files: given, leadsFile, log: print = console.log, quoteOptions, intercept, transformHtml }: ServerOptions): Server {
  const files = given ?? diskFiles(root ?? 'dist');
  const store = createLeadStore(leadsFile);
  const options = quoteOptions ? () => quoteOptions : formOptionsReader(files);
  // Lines carry what visitors typed: no control character reaches the terminal raw.
  const log = (line: string) => print(escapeControls(line));
  const has = (file: string) => !HOST_FILES.has(file) && files.stamp(file) !== undefined;
  // Read again whenever the file changes: a rebuild replaces dist/ while `npm start` runs.
  const headerRules = fromFile(files, '_headers', (bytes) => parseHeaders(Buffer.from(bytes).toString('utf8')).rules);

  return createServer((req, res) => {
    if (intercept?.(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/quote') {
      if (req.method !== 'POST') {
        res.writeHead(405, { Allow: 'POST' }).end();
        return;
      }
      handleQuote(req, res, store, options, log).catch((error: Error) => {
        log(`[devis] erreur : ${error.message}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
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
    const redirect = (status: number, location: string) => {
      res.writeHead(status, { ...staticHeaders(headerRules(), target, status, {}), Location: location }).end();
    };
    if (pathname.length > 1 && pathname.endsWith('/')) {
      redirect(308, pathname.replace(/\/+$/, '') + url.search);
      return;
    }
    // Cloudflare Pages answers a page only at its extensionless URL and redirects the file's name there.
    if (pathname.endsWith('.html') && !pathname.includes('\0') && has(pathname.slice(1))) {
      redirect(308, (pathname.replace(/(?:\/index)?\.html$/, '') || '/') + url.search);
      return;
    }
    const found = pathname.includes('\0') ? undefined : fileForPath(pathname, has);
    const file = found ?? '404.html';
    const status = found ? 200 : 404;
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    // Compress text as every CDN does, so local measurements match production transfer sizes.
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = !COMPRESSIBLE.test(type) ? undefined : /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    res.writeHead(status, {
      ...staticHeaders(headerRules(), target, status, { 'Content-Type': type }),
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    let body = files.read(file);
    if (transformHtml && type.startsWith('text/html')) body = Buffer.from(transformHtml(Buffer.from(body).toString('utf8')));
    if (encoding === 'br') res.end(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }));
    else if (encoding === 'gzip') res.end(gzipSync(body));
    else res.end(body);
  });
}
