import { join } from 'node:path';
import { BlobStore } from '../incremental/blob-store.ts';
import type { SourceFacts } from './encoder.ts';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * An encoded photo is trusted when its header is its format's (AVIF's `ftypavif` box, WebP's
 * RIFF…WEBP), what a source holds when it parses as JSON: a file cut short or from something
 * else is encoded again rather than published.
 */
function isWhole(name: string, bytes: Uint8Array): boolean {
  if (name.endsWith('.avif')) return ascii(bytes, 4, 12) === 'ftypavif';
  if (name.endsWith('.webp')) return ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP';
  try {
    JSON.parse(Buffer.from(bytes).toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/**
 * The encoded photos and what was learned of each source, under the names their bytes and
 * settings fix (photos.ts: photoHash): on disk in the build cache (`.cache/build/v3/photos/`, which
 * CI restores), or in memory without one. A name is never written twice with other bytes, so
 * a file found whole is a file to take: a build, the preview or CI never encodes the same photo twice.
 */
export class PhotoStore extends BlobStore {
  constructor(cacheDir: string | null | undefined) {
    super(cacheDir ? join(cacheDir, 'photos') : null, { sample: (name) => (name.endsWith('.json') ? 'whole' : { head: 12, tail: 0 }), check: isWhole });
  }

  /** What a source holds (size, stand-in), by its hash. */
  facts(hash: string): SourceFacts | undefined {
    const bytes = this.read(`${hash}.json`);
    return bytes && (JSON.parse(Buffer.from(bytes).toString('utf8')) as SourceFacts);
  }

  keepFacts(hash: string, facts: SourceFacts): void {
    this.write(`${hash}.json`, Buffer.from(JSON.stringify(facts)));
  }
}
