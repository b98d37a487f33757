import { contentHash } from '../shared/hash.ts';

/**
 * What the local servers remember between two requests for the same file, as the host does: a
 * validator (ETag), so that a browser that has the file gets 304 instead of the bytes, and each
 * compressed body, so that a file asked for a hundred times is compressed once. The editor's
 * bundle (3.6 MB) took 0.3 s of brotli on every load.
 */
export class ResponseCache {
  private readonly bodies = new Map<string, Uint8Array>();

  /**
   * @param variant what else shapes the bytes than the file (the live preview's script in each
   * page): a browser that kept a page from another server on the same port must not reuse it.
   */
  constructor(
    private readonly variant: string,
    private readonly limit = 64,
  ) {}

  /** A weak validator: the same for the file's raw and compressed forms, which Vary tells apart. */
  etag(stamp: string): string {
    return `W/"${contentHash(`${this.variant}\0${stamp}`, 22)}"`;
  }

  /** The body `encode` gives for this file and encoding, computed again only when the file changed. */
  encoded(etag: string, encoding: string, encode: () => Uint8Array): Uint8Array {
    const key = `${etag} ${encoding}`;
    let body = this.bodies.get(key);
    if (body) return body;
    body = encode();
    // Oldest first out: the files of one page visit stay together.
    if (this.bodies.size >= this.limit) this.bodies.delete(this.bodies.keys().next().value!);
    this.bodies.set(key, body);
    return body;
  }
}

/** True when the request's If-None-Match names `etag` (or is `*`): the browser's copy is current. */
export function stillFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}
