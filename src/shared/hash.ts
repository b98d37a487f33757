import { createHash } from 'node:crypto';

/** A CSP source allowing exactly this inline text: 'sha256-' and its digest in base64. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Short content hash for file names that change with what they hold (a stylesheet, a share card): letters and digits only. */
export function contentHash(data: string | Uint8Array, length = 10): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, length).replace(/[-_]/g, 'x');
}
