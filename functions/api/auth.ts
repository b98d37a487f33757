import { authorize, type OAuthEnv } from '../../src/host/github-oauth.ts';

/** Cloudflare Pages serves this file at GET /api/auth (README « Modifier sans git »). */
export const onRequestGet = ({ request, env }: { request: Request; env: OAuthEnv }): Response => authorize(request, env);
