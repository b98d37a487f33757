/**
 * Sign-in to the web editor (/admin/) with GitHub, served on the site's own origin by its one
 * Worker (src/worker/index.ts routes GET /api/auth and GET /api/callback here).
 *
 * - /api/auth sends the editor to GitHub's authorize page with a random `state`, kept in a
 *   `__Host-` cookie (Secure, HttpOnly, SameSite=Lax: GitHub's redirect back is a top-level GET
 *   from another site, which Strict would strip of its cookie).
 * - /api/callback refuses a `state` that is missing or differs from the cookie (CSRF: nobody can
 *   make an editor's browser finish a sign-in it did not start), trades the code for a token at
 *   GitHub, then answers Decap's postMessage handshake. Every message it posts names the site's own
 *   origin as its target, so a page of another origin that opened the window receives nothing.
 *
 * Written against web standards only (Request, Response, fetch, crypto), so it runs in workerd and
 * in Node alike. GitHub's address comes from GITHUB_OAUTH_URL when set: the tests point it at a
 * local server, since github.com cannot be reached from here.
 */

export interface OAuthEnv {
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  /** GitHub's web address, `https://github.com` unless a test replaces it. */
  GITHUB_OAUTH_URL?: string;
}

export const STATE_COOKIE = '__Host-decap-oauth-state';
const PROVIDER = 'github';
/** `repo` for a private repository; `public_repo` is enough for a public one. */
const SCOPES = new Set(['repo', 'public_repo']);
const STATE_LIFETIME_S = 600;

function githubUrl(env: OAuthEnv): string {
  return (env.GITHUB_OAUTH_URL || 'https://github.com').replace(/\/+$/, '');
}

function randomToken(bytes: number): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...data)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function missingSecrets(env: OAuthEnv): Response | undefined {
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) return undefined;
  return new Response('GITHUB_CLIENT_ID et GITHUB_CLIENT_SECRET manquent (secrets Cloudflare, docs/content.md « Modifier sans git »).', {
    status: 500,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** GET /api/auth: off to GitHub, with a fresh state in a cookie. */
export function authorize(request: Request, env: OAuthEnv): Response {
  const missing = missingSecrets(env);
  if (missing) return missing;
  const url = new URL(request.url);
  const scope = SCOPES.has(url.searchParams.get('scope') ?? '') ? url.searchParams.get('scope')! : 'repo';
  const state = randomToken(32);
  const target = new URL(`${githubUrl(env)}/login/oauth/authorize`);
  target.searchParams.set('client_id', env.GITHUB_CLIENT_ID!);
  target.searchParams.set('redirect_uri', `${url.origin}/api/callback`);
  target.searchParams.set('scope', scope);
  target.searchParams.set('state', state);
  return new Response(null, {
    status: 302,
    headers: {
      location: target.href,
      'set-cookie': `${STATE_COOKIE}=${state}; Path=/; Max-Age=${STATE_LIFETIME_S}; Secure; HttpOnly; SameSite=Lax`,
      'cache-control': 'no-store',
    },
  });
}

function cookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  return header
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

/** Compares without stopping at the first differing character, so timing tells nothing. */
function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function exchange(env: OAuthEnv, code: string, redirectUri: string): Promise<{ token?: string; error?: string }> {
  const res = await fetch(`${githubUrl(env)}/login/oauth/access_token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'arbo-expert-cms-oauth' },
    body: JSON.stringify({ client_id: env.GITHUB_CLIENT_ID, client_secret: env.GITHUB_CLIENT_SECRET, code, redirect_uri: redirectUri }),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; error?: string; error_description?: string };
  if (res.ok && body.access_token) return { token: body.access_token };
  return { error: body.error_description ?? body.error ?? `GitHub a répondu ${res.status}` };
}

/** GET /api/callback: check the state, get the token, hand it to the editor's window. */
export async function callback(request: Request, env: OAuthEnv): Promise<Response> {
  const missing = missingSecrets(env);
  if (missing) return missing;
  const url = new URL(request.url);
  const state = url.searchParams.get('state') ?? '';
  const expected = cookie(request, STATE_COOKIE) ?? '';
  const code = url.searchParams.get('code');
  if (!state || !expected || !sameSecret(state, expected)) return handshakePage(url.origin, { error: 'état de connexion invalide ou expiré, recommencez' }, 403);
  if (!code) return handshakePage(url.origin, { error: url.searchParams.get('error_description') ?? 'GitHub n’a pas donné de code' }, 400);
  const result = await exchange(env, code, `${url.origin}/api/callback`);
  return handshakePage(url.origin, result.token ? { token: result.token } : { error: result.error! }, result.token ? 200 : 502);
}

/**
 * The page that answers Decap: tell the opener we are authorizing, wait for its echo from the
 * site's origin, then post the result to that origin only.
 */
export function handshakePage(origin: string, result: { token: string } | { error: string }, status: number): Response {
  const message = 'token' in result
    ? `authorization:${PROVIDER}:success:${JSON.stringify({ token: result.token, provider: PROVIDER })}`
    : `authorization:${PROVIDER}:error:${JSON.stringify({ message: result.error })}`;
  // JSON inside a script: `<` escaped so no value can close the element.
  const data = JSON.stringify({ origin, message, hello: `authorizing:${PROVIDER}` }).replace(/</g, '\\u003c');
  const nonce = randomToken(16);
  const script = `const d=${data};
window.addEventListener('message',(e)=>{if(e.origin!==d.origin||e.data!==d.hello)return;window.opener.postMessage(d.message,d.origin);},false);
if(window.opener)window.opener.postMessage(d.hello,d.origin);`;
  const html = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Connexion</title><p>${'token' in result ? 'Connexion réussie : cette fenêtre va se fermer.' : 'Connexion refusée.'}</p><script nonce="${nonce}">${script}</script></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      // The state is single-use.
      'set-cookie': `${STATE_COOKIE}=; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Lax`,
    },
  });
}
