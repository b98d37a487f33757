/**
 * The sign-in routes (/api/auth, /api/callback) of the site's one Worker, in Cloudflare's own
 * runtime: Miniflare runs the Worker in workerd with the bindings of wrangler.jsonc, and a local
 * HTTP server stands in for github.com, which cannot be reached from here (GITHUB_OAUTH_URL points
 * the Worker at it). Real Chromium plays the editor's window.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_COOKIE } from '../../src/host/github-oauth.ts';
import { close, listen } from '../../tools/lib/server.ts';
import { startWorker } from '../../tools/lib/worker-sandbox.ts';
import { testChromium } from '../helpers/chromium.ts';

const CLIENT_ID = 'client-de-test';
const CLIENT_SECRET = 'secret-de-test';
const TOKEN = 'gho_jeton-de-test';

/** What Decap's window does (decap-cms-lib-auth, netlify-auth.js): echo the hello, keep the result. */
const EDITOR_PAGE = `<!doctype html><title>éditeur</title><script>
window.messages = [];
window.addEventListener('message', (e) => {
  window.messages.push({ origin: e.origin, data: e.data });
  if (e.origin === location.origin && e.data === 'authorizing:github') e.source.postMessage(e.data, e.origin);
});
</script>`;

let github: Server;
let githubBase: string;
const exchanges: Record<string, unknown>[] = [];
let site: string;
let scratch: string;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
let browser: Browser;

/**
 * The Worker's own fetches, sent on from Node: Miniflare hands them over as its own Request class,
 * so they are copied field by field rather than passed to Node's fetch as they are.
 */
async function outbound(request: Request): Promise<Response> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const res = await fetch(request.url, { method: request.method, headers: Object.fromEntries(request.headers), body, redirect: 'manual' });
  return new Response(await res.arrayBuffer(), { status: res.status, headers: Object.fromEntries(res.headers) });
}

/** GitHub's two OAuth endpoints, approving every sign-in at once; /autre-site is a page of another origin. */
function fakeGitHub(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url!, 'http://github.test');
    if (url.pathname === '/login/oauth/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'code-de-test');
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.href }).end();
    } else if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const asked = JSON.parse(body) as Record<string, unknown>;
        exchanges.push(asked);
        const good = asked.client_id === CLIENT_ID && asked.client_secret === CLIENT_SECRET && asked.code === 'code-de-test';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(good ? { access_token: TOKEN, token_type: 'bearer', scope: 'repo' } : { error: 'bad_verification_code' }));
      });
    } else if (url.pathname === '/autre-site') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(EDITOR_PAGE);
    } else res.writeHead(404).end();
  });
}

beforeAll(async () => {
  github = fakeGitHub();
  githubBase = await listen(github);
  scratch = mkdtempSync(join(tmpdir(), 'oauth-worker-'));
  writeFileSync(join(scratch, 'editeur.html'), EDITOR_PAGE);
  worker = await startWorker({ assets: scratch, outbound, bindings: { GITHUB_CLIENT_ID: CLIENT_ID, GITHUB_CLIENT_SECRET: CLIENT_SECRET, GITHUB_OAUTH_URL: githubBase } });
  // localhost, as an editor's browser names a local site: a Secure cookie is kept there over http.
  site = `http://localhost:${worker.url.port}`;
  browser = await testChromium();
});

afterAll(async () => {
  await browser?.close();
  await worker?.mf.dispose();
  await close(github);
  rmSync(scratch, { recursive: true, force: true });
});

describe('GitHub sign-in for /admin/, served by the site’s Worker in workerd', () => {
  it('sends the editor to GitHub with a random state kept in a Secure, HttpOnly, SameSite cookie', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => fetch(`${site}/api/auth?provider=github&scope=repo`, { redirect: 'manual' })));
    expect(a!.status).toBe(302);
    const to = new URL(a!.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(`${githubBase}/login/oauth/authorize`);
    expect(to.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(to.searchParams.get('redirect_uri')).toBe(`${site}/api/callback`);
    const state = to.searchParams.get('state')!;
    expect(state).toMatch(/^[\w-]{40,}$/);
    expect(new URL(b!.headers.get('location')!).searchParams.get('state')).not.toBe(state);
    expect(a!.headers.get('set-cookie')).toBe(`${STATE_COOKIE}=${state}; Path=/; Max-Age=600; Secure; HttpOnly; SameSite=Lax`);
  });

  it('refuses a callback whose state is not the cookie’s, without asking GitHub for a token', async () => {
    const before = exchanges.length;
    for (const cookie of [`${STATE_COOKIE}=le-bon-etat`, '']) {
      const res = await fetch(`${site}/api/callback?code=code-de-test&state=un-autre-etat`, { headers: { cookie } });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('authorization:github:error:');
    }
    expect(exchanges.length).toBe(before);
  });

  it('completes Decap’s handshake end to end: the editor’s window receives the token', async () => {
    const page = await browser.newPage();
    await page.goto(`${site}/editeur`);
    const popup = page.waitForEvent('popup');
    await page.evaluate(() => window.open('/api/auth?provider=github&site_id=localhost&scope=repo', 'connexion', 'width=600,height=600'));
    await (await popup).waitForURL(/\/api\/callback/);
    await page.waitForFunction(() => (window as unknown as { messages: unknown[] }).messages.length >= 2);
    const messages = await page.evaluate(() => (window as unknown as { messages: { origin: string; data: string }[] }).messages);
    expect(messages).toEqual([
      { origin: site, data: 'authorizing:github' },
      { origin: site, data: `authorization:github:success:${JSON.stringify({ token: TOKEN, provider: 'github' })}` },
    ]);
    expect(exchanges.at(-1)).toMatchObject({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code: 'code-de-test', redirect_uri: `${site}/api/callback` });
    await page.close();
  });

  it('never posts the token to a page of another origin that opened the sign-in window', async () => {
    const page = await browser.newPage();
    await page.goto(`${githubBase}/autre-site`);
    const popup = page.waitForEvent('popup');
    await page.evaluate((url) => window.open(url, 'connexion', 'width=600,height=600'), `${site}/api/auth?provider=github&scope=repo`);
    const window2 = await popup;
    await window2.waitForURL(/\/api\/callback/);
    await expect.poll(() => window2.textContent('p')).toContain('Connexion réussie');
    // A message the popup posts now arrives after any the callback page posted before it (one
    // source, one target, one queue): once it is there, any token message would be there too.
    await window2.evaluate(() => window.opener.postMessage('fin', '*'));
    await page.waitForFunction(() => (window as unknown as { messages: { data: unknown }[] }).messages.some((m) => m.data === 'fin'));
    expect(await page.evaluate(() => (window as unknown as { messages: { data: unknown }[] }).messages.map((m) => m.data))).toEqual(['fin']);
    await page.close();
  });
});
