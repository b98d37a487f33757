import { createHash } from 'node:crypto';

/**
 * A short, file-name-safe digest of `parts`: what the engine keys its work by (content keys, page
 * keys) and how it tells outputs apart (a file's bytes, a page's HTML). Each part is closed by a
 * NUL, so ('ab', 'c') and ('a', 'bc') differ.
 */
export function digest(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}
