/**
 * `npm run check:host`: serves one built dist/ twice, with the site's Worker in Cloudflare's own
 * runtime (`wrangler dev --local`: workerd, the Workers static assets layer, and
 * the D1 and queue of wrangler.jsonc) and with our Node server (`npm start`'s), and checks that they
 * answer alike: every route, alias and file with the same status, body, security and caching
 * headers; `/a/b.html` redirected to `/a/b`; an unknown path answered by the closest 404.html with
 * status 404; and POST /api/quote with the same status and answer for a lead, the same lead again,
 * a bot, and each refusal.
 * Offline: metrics, banner and Request.cf download off (tools/lib/worker-sandbox.ts OFFLINE_ENV).
 * `-- --dir DIR` checks an existing build instead of building one.
 */
import '../src/cli/production-mode.ts';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fastBuild } from '../src/engine/index.ts';
import { overPlainHttp } from '../src/host/header-rules.ts';
import { REDIRECT_STATUS, createSiteServer } from '../src/server/static-server.ts';
import { RELAY_PATH } from '../src/shared/quote/lead-id.ts';
import { outputFile } from '../src/site/paths.ts';
import { sampleLead } from './lib/fake-webhook.ts';
import { DATABASE, stopWrangler, waitUntilUp, wranglerChild, wranglerSync } from './lib/wrangler4.ts';

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

function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

async function distToCheck(): Promise<{ dir: string; paths: string[] }> {
  if (values.dir) {
    // wrangler runs from the project's root: give it an absolute path.
    const dir = resolve(values.dir);
    const files = (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((e) => e.isFile())
      .map((e) => relative(dir, join(e.parentPath, e.name)));
    const pages = files.filter((f) => f.endsWith('.html')).map((f) => `/${f.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`);
    return { dir, paths: [...pages, ...files.filter((f) => !f.endsWith('.html') && !f.startsWith('_')).map((f) => `/${f}`)] };
  }
  // Built as it is deployed: the form posts to the Worker's /api/quote.
  const dir = join(scratchDir('check-host-'), 'dist');
  const site = await fastBuild({ contentDir: 'content', quoteDelivery: 'relay', siteUrl: process.env.SITE_URL, outDir: dir });
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
 * Both servers answer over plain http here, but production is HTTPS: the Worker sends `_headers` as
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

/** One request to /api/quote, sent alike to both servers; Origin is each server's own, as a browser sends it. */
interface QuoteCase {
  name: string;
  method?: string;
  key?: string;
  body?: string;
  origin?: string;
}

function quoteCases(): QuoteCase[] {
  const lead = sampleLead(1);
  const body = JSON.stringify(lead.payload);
  return [
    { name: 'une demande', key: lead.id, body },
    { name: 'la même demande renvoyée (double clic, réponse perdue)', key: lead.id, body },
    { name: 'un robot (pot de miel rempli)', key: crypto.randomUUID(), body: JSON.stringify({ ...lead.payload, website: 'https://spam.test' }) },
    { name: 'pas du JSON', key: crypto.randomUUID(), body: '{nope' },
    { name: 'une ville que le formulaire n’offre pas', key: crypto.randomUUID(), body: JSON.stringify({ ...lead.payload, city: 'paris' }) },
    { name: 'un identifiant qui n’est pas un UUID', key: '1', body },
    { name: 'un autre site', key: crypto.randomUUID(), body, origin: 'https://evil.test' },
    { name: 'plus de 16 Ko', key: crypto.randomUUID(), body: JSON.stringify({ ...lead.payload, message: 'x'.repeat(17_000) }) },
    { name: 'un GET', method: 'GET' },
  ];
}

interface QuoteAnswer {
  status: number;
  allow: string | null;
  cache: string | null;
  type: string | undefined;
  body: string;
}

async function askQuote(base: string, c: QuoteCase): Promise<QuoteAnswer> {
  const headers: Record<string, string> = { Origin: c.origin ?? base, 'Content-Type': 'text/plain;charset=UTF-8', ...(c.key ? { 'Idempotency-Key': c.key } : {}) };
  const res = await fetch(`${base}${RELAY_PATH}`, { method: c.method ?? 'POST', headers, ...(c.body === undefined ? {} : { body: c.body }) });
  const text = await res.text();
  // JSON compared as data: the two servers need not space it alike.
  const json = res.headers.get('content-type')?.startsWith('application/json');
  return { status: res.status, allow: res.headers.get('allow'), cache: res.headers.get('cache-control'), type: res.headers.get('content-type')?.split(';')[0], body: json ? JSON.stringify(JSON.parse(text)) : text };
}

async function quoteDifferences(host: string, ours: string): Promise<string[]> {
  const out: string[] = [];
  // In order: the second case is the first sent again.
  for (const c of quoteCases()) {
    const [a, b] = [await askQuote(host, c), await askQuote(ours, c)];
    for (const key of ['status', 'allow', 'cache', 'type', 'body'] as const) {
      if (a[key] !== b[key]) out.push(`POST ${RELAY_PATH}, ${c.name} : ${key} « ${a[key]} » chez l’hébergeur, « ${b[key]} » chez nous`);
    }
  }
  // The one stated difference: the default direct mode sends no id, and only `npm start` receives it.
  const lead = sampleLead(2);
  const [a, b] = [await askQuote(host, { name: 'sans identifiant', body: JSON.stringify(lead.payload) }), await askQuote(ours, { name: 'sans identifiant', body: JSON.stringify(lead.payload) })];
  if (a.status !== 400 || b.status !== 201) out.push(`POST ${RELAY_PATH} sans Idempotency-Key : ${a.status} chez l’hébergeur (400 attendu), ${b.status} chez nous (201 attendu)`);
  return out;
}

const started = performance.now();
const { dir, paths } = await distToCheck();
if (!existsSync(join(dir, '_headers'))) console.warn(`${dir}/_headers est absent : les deux serveurs appliqueront chacun leurs en-têtes par défaut, qui diffèrent.`);
const output: string[] = [];
// The Worker's database, queue and cron state: a scratch folder, never npm run worker's.
const state = scratchDir('check-host-state-');
const migrated = wranglerSync(['d1', 'migrations', 'apply', DATABASE, '--local', '--persist-to', state]);
if (migrated.status !== 0) throw new Error(`wrangler d1 migrations apply a échoué :\n${migrated.stderr || migrated.stdout}`);
const hostPort = await freePort();
const host = `http://127.0.0.1:${hostPort}`;
// No webhook: leads the check sends wait in the scratch database, and nothing leaves this machine.
const wrangler = wranglerChild(
  ['dev', '--local', '--ip', '127.0.0.1', '--port', String(hostPort), '--assets', dir, '--persist-to', state, '--inspector-port', '0', '--log-level', 'warn', '--var', 'QUOTE_WEBHOOK_URL:'],
  output,
);
const server: Server = createSiteServer({ root: dir, leadsFile: join(scratchDir('check-host-leads-'), 'leads.jsonl'), log: () => {} });
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
    if (to && (a.status !== REDIRECT_STATUS || a.location !== to)) problems.push(`${path} : l’hébergeur ne redirige pas vers ${to} (${a.status} ${a.location})`);
  }
  problems.push(...(await quoteDifferences(host, ours)));
  console.log(`wrangler dev (workerd, le Worker de wrangler.jsonc) prêt en ${ready} ms ; ${checked} adresses et ${quoteCases().length + 1} envois à ${RELAY_PATH} comparés en ${Math.round(performance.now() - started - ready)} ms.`);
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
console.log(`Même statut, même corps, mêmes en-têtes de sécurité et de cache partout ; /a/b.html → /a/b, /en → /en/ (${REDIRECT_STATUS}) ; adresse inconnue → le 404.html le plus proche (404), en/404.html sous /en/.`);
console.log(`${RELAY_PATH} : même statut et même réponse pour une demande, la même renvoyée, un robot, chaque refus et un GET.`);
console.log('Différences voulues : en http, notre serveur n’envoie ni upgrade-insecure-requests ni HSTS (WebKit enverrait localhost en https) ; en ligne, en https, les deux sont envoyés. Une demande sans Idempotency-Key (le mode direct, par défaut) : 400 chez le Worker, 201 chez nous.');
