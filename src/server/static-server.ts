import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { fileForPath } from '../build/check-links.ts';
import type { QuoteOptions } from '../islands/quote-form/quote-options.ts';
import { escapeControls } from './console-line.ts';
import { formOptionsReader } from './form-options.ts';
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

export interface ServerOptions {
  root: string;
  leadsFile: string;
  log?: (line: string) => void;
  /** The choices leads must come from; by default those of the form in `root`. */
  quoteOptions?: QuoteOptions;
}

/**
 * Serves dist/ the way the static hosts do (extensionless URLs, 404.html with status 404) and
 * answers POST /api/quote so the quote form works locally with nothing else running.
 */
export function createSiteServer({ root, leadsFile, log: print = console.log, quoteOptions }: ServerOptions): Server {
  const base = resolve(root);
  const store = createLeadStore(leadsFile);
  const options = quoteOptions ? () => quoteOptions : formOptionsReader(base);
  // Lines carry what visitors typed: no control character reaches the terminal raw.
  const log = (line: string) => print(escapeControls(line));
  const has = (file: string) => {
    const path = join(base, file);
    return path.startsWith(base + sep) && existsSync(path) && statSync(path).isFile();
  };

  return createServer((req, res) => {
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
    if (pathname.length > 1 && pathname.endsWith('/')) {
      res.writeHead(301, { Location: pathname.replace(/\/+$/, '') + url.search }).end();
      return;
    }
    const found = pathname.includes('\0') ? undefined : fileForPath(pathname, has);
    const file = found ?? '404.html';
    const status = found ? 200 : 404;
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const cache = file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    // Compress text as every CDN does, so local measurements match production transfer sizes.
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = !COMPRESSIBLE.test(type) ? undefined : /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': cache,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(join(base, file));
    if (encoding === 'br') stream.pipe(createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })).pipe(res);
    else if (encoding === 'gzip') stream.pipe(createGzip()).pipe(res);
    else stream.pipe(res);
  });
}
