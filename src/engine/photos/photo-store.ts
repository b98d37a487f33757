import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../atomic-write.ts';
import type { SourceFacts } from './encoder.ts';

/**
 * The encoded photos and what was learned of each source, under the names their bytes and
 * settings fix (photos.ts: photoHash): on disk in the build cache (`.cache/build/v3/photos/`, which
 * CI restores), or in memory without one. A name is never written twice with other bytes, so
 * a file found is a file to take: a build, the preview or CI never encodes the same photo twice.
 */
export class PhotoStore {
  private readonly memory = new Map<string, Uint8Array>();
  private readonly dir: string | undefined;

  constructor(cacheDir: string | null | undefined) {
    this.dir = cacheDir ? join(cacheDir, 'photos') : undefined;
    if (this.dir) mkdirSync(this.dir, { recursive: true });
  }

  read(name: string): Uint8Array | undefined {
    const held = this.memory.get(name);
    if (held || !this.dir) return held;
    const file = join(this.dir, name);
    return existsSync(file) ? readFileSync(file) : undefined;
  }

  has(name: string): boolean {
    return this.memory.has(name) || (!!this.dir && existsSync(join(this.dir, name)));
  }

  write(name: string, bytes: Uint8Array): void {
    if (this.dir) atomicWrite(join(this.dir, name), bytes);
    else this.memory.set(name, bytes);
  }

  /** What a source holds (size, stand-in), by its hash. */
  facts(hash: string): SourceFacts | undefined {
    const bytes = this.read(`${hash}.json`);
    if (!bytes) return undefined;
    try {
      return JSON.parse(Buffer.from(bytes).toString('utf8')) as SourceFacts;
    } catch {
      return undefined;
    }
  }

  keepFacts(hash: string, facts: SourceFacts): void {
    this.write(`${hash}.json`, Buffer.from(JSON.stringify(facts)));
  }

  /** Deletes what no photo of the site names any longer: a deleted photo does not stay forever. */
  prune(live: ReadonlySet<string>): void {
    for (const name of this.memory.keys()) if (!live.has(name)) this.memory.delete(name);
    if (!this.dir) return;
    for (const name of readdirSync(this.dir)) if (!live.has(name)) rmSync(join(this.dir, name), { force: true });
  }
}
