import { callback, type OAuthEnv } from '../../src/host/github-oauth.ts';

/** Cloudflare Pages serves this file at GET /api/callback, where GitHub sends the editor back. */
export const onRequestGet = ({ request, env }: { request: Request; env: OAuthEnv }): Promise<Response> => callback(request, env);
