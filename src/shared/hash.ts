import { createHash } from 'node:crypto';

/** A CSP source allowing exactly this inline text: 'sha256-' and its digest in base64. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Short content hash for cache-busting file names. */
export function contentHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x');
}
