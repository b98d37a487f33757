/**
 * `npm run check:host`: serves one built dist/ twice, with Cloudflare's own runtime (`wrangler
 * pages dev`: workerd and the production asset rules) and with our server, and checks that every
 * route, alias and file answers the same: status, body, security and caching headers; that
 * `/a/b.html` redirects to `/a/b`; that an unknown path gets 404.html with status 404.
 * Offline: metrics off, wrangler's update check and Request.cf download pointed at nothing.
 * `-- --dir DIR` checks an existing build instead of building one.
 */
import '../src/cli/production-mode.ts';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../src/engine/build-site.ts';
import { overPlainHttp } from '../src/host/header-rules.ts';
import { createSiteServer } from '../src/server/static-server.ts';
import { outputFile } from '../src/site/paths.ts';
import { startWrangler, stopWrangler, waitUntilUp, WRANGLER } from './lib/wrangler.ts';

/** Content-Type is left out: wrangler says application/javascript where we say text/javascript, both valid. */
const COMPARED = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cache-control',
] as const;

const { values } = parseArgs({ options: { dir: { type: 'string' } } });

/** Scratch directories this run made, removed at the end. */
const scratch: string[] = [];

async function distToCheck(): Promise<{ dir: string; paths: string[] }> {
  if (values.dir) {
    // wrangler runs from a scratch directory: give it an absolute path.
    const dir = resolve(values.dir);
    const files = (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((e) => e.isFile())
      .map((e) => relative(dir, join(e.parentPath, e.name)));
    const pages = files.filter((f) => f.endsWith('.html')).map((f) => `/${f.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`);
    return { dir, paths: [...pages, ...files.filter((f) => !f.endsWith('.html') && !f.startsWith('_')).map((f) => `/${f}`)] };
  }
  // Only written into the CSP: nothing is sent during the check.
  const webhook = process.env.QUOTE_WEBHOOK_URL ?? 'https://webhook.invalid/devis';
  const parent = mkdtempSync(join(tmpdir(), 'check-host-'));
  scratch.push(parent);
  const dir = join(parent, 'dist');
  const site = await buildSite({ contentDir: 'content', quoteWebhook: webhook, siteUrl: process.env.SITE_URL, outDir: dir });
  const files = [...site.files.keys()].filter((f) => !f.endsWith('.html') && !f.startsWith('_')).map((f) => `/${f}`);
  return { dir, paths: [...site.routes.map((r) => r.path), ...files] };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

function scratchDir(): string {
  const cwd = mkdtempSync(join(tmpdir(), 'wrangler-'));
  scratch.push(cwd);
  return cwd;
}

interface Answer {
  status: number;
  location: string | null;
  headers: Record<string, string | null>;
  body: Buffer;
}

async function ask(base: string, path: string): Promise<Answer> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual' });
  return {
    status: res.status,
    location: res.headers.get('location'),
    headers: Object.fromEntries(COMPARED.map((h) => [h, res.headers.get(h)])),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/**
 * Both servers answer over plain http here, but production is HTTPS: wrangler sends `_headers` as
 * it is, ours leaves out what only HTTPS means (src/host/header-rules.ts, overPlainHttp). The host's
 * headers are compared after that same, stated difference.
 */
function differences(path: string, hostAnswer: Answer, ours: Answer): string[] {
  const out: string[] = [];
  const present = Object.entries(hostAnswer.headers).filter((entry): entry is [string, string] => entry[1] !== null);
  const kept = overPlainHttp(Object.fromEntries(present));
  const host = { ...hostAnswer, headers: Object.fromEntries(COMPARED.map((h) => [h, kept[h] ?? null])) };
  if (host.status !== ours.status) out.push(`${path} : statut ${host.status} chez l’hébergeur, ${ours.status} chez nous`);
  if (host.location !== ours.location) out.push(`${path} : redirection vers ${host.location} chez l’hébergeur, ${ours.location} chez nous`);
  for (const name of COMPARED) {
    if (host.headers[name] !== ours.headers[name]) out.push(`${path} : ${name} « ${host.headers[name]} » chez l’hébergeur, « ${ours.headers[name]} » chez nous`);
  }
  if (host.status < 300 || host.status >= 400) {
    if (!host.body.equals(ours.body)) out.push(`${path} : corps différent (${host.body.length} octets chez l’hébergeur, ${ours.body.length} chez nous)`);
  }
  return out;
}

const started = performance.now();
const { dir, paths } = await distToCheck();
if (!existsSync(join(dir, '_headers'))) console.warn(`${dir}/_headers est absent : les deux serveurs appliqueront chacun leurs en-têtes par défaut, qui diffèrent.`);
const output: string[] = [];
const hostPort = await freePort();
const host = `http://127.0.0.1:${hostPort}`;
const wrangler = startWrangler(dir, hostPort, output, scratchDir());
const server: Server = createSiteServer({ root: dir, leadsFile: join(tmpdir(), 'check-host-leads.jsonl'), log: () => {} });
const ours = await new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

const problems: string[] = [];
let checked = 0;
try {
  await waitUntilUp(host, wrangler, output);
  const ready = Math.round(performance.now() - started);
  // Each unknown address and the not-found page it must get: the closest 404.html (en/404.html under /en/).
  const unknown = new Map([
    ['/une-page-qui-nexiste-pas', '/404'],
    ['/zones/ville-inconnue', '/404'],
    ['/assets/absent.js', '/404'],
    ['/en/a-page-that-does-not-exist', '/en/404'],
    ['/en/services/nothing-here', '/en/404'],
  ]);
  const notFound = new Map(await Promise.all([...new Set(unknown.values())].map(async (p) => [p, await ask(ours, p)] as const)));
  const pages = paths.filter((p) => !p.includes('.') && p !== '/404');
  // A page's file name leads to its address; the English home's folder address gets its slash.
  const redirects = new Map([...pages.filter((p) => p !== '/').map((p) => [`/${outputFile(p)}`, p] as const), ['/en', '/en/']]);
  for (const path of [...paths.filter((p) => p !== '/404'), ...unknown.keys(), ...redirects.keys(), '/index.html', '/contact/', '/_headers']) {
    const [a, b] = await Promise.all([ask(host, path), ask(ours, path)]);
    problems.push(...differences(path, a, b));
    checked++;
    const page = unknown.get(path);
    if (page && (a.status !== 404 || !a.body.equals(notFound.get(page)!.body))) problems.push(`${path} : l’hébergeur ne répond pas ${page}.html avec le statut 404 (${a.status})`);
    const to = redirects.get(path);
    if (to && (a.status !== 308 || a.location !== to)) problems.push(`${path} : l’hébergeur ne redirige pas vers ${to} (${a.status} ${a.location})`);
  }
  console.log(`wrangler pages dev (${WRANGLER}, workerd) prêt en ${ready} ms ; ${checked} adresses comparées en ${Math.round(performance.now() - started - ready)} ms.`);
} catch (error) {
  problems.push((error as Error).message);
} finally {
  server.closeAllConnections();
  server.close();
  await stopWrangler(wrangler);
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`Hébergeur et serveur local diffèrent (${problems.length}) :\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Même statut, même corps, mêmes en-têtes de sécurité et de cache partout ; /a/b.html → /a/b, /en → /en/ ; adresse inconnue → le 404.html le plus proche (404), en/404.html sous /en/.');
console.log('Seule différence voulue : en http, notre serveur n’envoie ni upgrade-insecure-requests ni HSTS (WebKit enverrait localhost en https) ; en ligne, en https, les deux sont envoyés.');
