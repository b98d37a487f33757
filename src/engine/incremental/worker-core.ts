import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import type { EntryKind } from '../../content/content-files.ts';
import { type Entry, type EntryResult, parseEntry } from '../../content/parse-entry.ts';
import { type City, type CitySummary, type Site, summarizeCity } from '../../content/types.ts';
import type { Route } from '../../site/routes.ts';
import type { SiteDataSet } from '../../render/site-data.ts';
import { DiskCache, type PackedAt } from './cache.ts';
import { digest } from '../digest.ts';
import { StringPool } from './string-pool.ts';
import { drawCard } from '../../shared/card/draw-node.ts';
import type { CardFacts } from '../../shared/card/card-facts.ts';
import type { ShareCard } from '../../render/card/share-card.ts';
import { storedName } from './card-store.ts';
import { PAGE_FILES } from '../../site/page-kinds.ts';
import { renderPage } from '../../render/render-page.tsx';
import { pageRefs } from '../check-links.ts';

const encoder = new TextEncoder();

export interface ParseJob {
  key: string;
  kind: EntryKind;
  path: string;
  file: string;
  /** Digest of the file's bytes when its key was made. */
  fileHash: string;
  /** Where the disk cache holds it, if it does. */
  packed?: PackedAt;
  /** The worker thread that parsed this city and holds it still (the executor's to read, not the thread's). */
  heldBy?: number;
}

/** A city comes back as its summary: the whole city stays with its thread, or in the cache. */
export type ParseReply = ({ ok: true; entry: Exclude<Entry, { type: 'city' }> } | { ok: true; city: CitySummary } | { ok: false; issues: RuleDiagnostic[] }) & {
  key: string;
  packed?: PackedAt;
  /** Set by the executor on a city: the worker thread that parsed it and holds it. */
  heldBy?: number;
};

export interface RenderJob {
  id: string;
  route: Route;
  /** The file to write the page to (dist/'s new version); without it, the bytes come back. */
  target?: string;
  /** For a city page: where the whole city is found (this thread's memory, the disk cache, its file). */
  city?: ParseJob;
}

export interface RenderReply {
  id: string;
  hash: string;
  refs: string[];
  /** The page's share card: its URL and what it shows, drawn later if no build has yet. */
  card: Pick<ShareCard, 'path' | 'facts'>;
  bytes?: Uint8Array;
}

export interface DrawJob {
  /** The card's URL, `/cartes/<name>`. */
  path: string;
  facts: CardFacts;
}

/** A card drawn, and its digest: into the disk cache's card store, or, without one, its bytes. */
export interface DrawReply {
  path: string;
  hash: string;
  bytes?: Uint8Array;
}

/**
 * What a build thread does: parse content files and render pages. The same object runs in each
 * worker thread and, for small sites, in the main thread. A city is rendered by the thread that
 * parsed it, from its memory or, with a disk cache, from there: no city crosses threads. It
 * computes through `parseEntry` and `renderPage` alone, whose module graphs are the content and
 * render kinds' fingerprints (src/engine/fingerprint.mjs): what they import is in the keys of
 * what they made.
 */
export class BuildCore {
  private readonly entries = new Map<string, { entry: Entry; generation: number }>();
  private generation = 0;
  private data: SiteDataSet | undefined;
  private readonly cache: DiskCache | undefined;
  private readonly refs = new StringPool();

  constructor(cacheDir: string | null) {
    this.cache = cacheDir ? new DiskCache(cacheDir) : undefined;
  }

  parse(jobs: ParseJob[], site: Site | null): ParseReply[] {
    const packed: [string, string][] = [];
    const replies = jobs.map((job): ParseReply => {
      const result = parseFile(job, site);
      if (!result.ok) return { key: job.key, ok: false, issues: result.issues };
      // Parsed strings are slices of the file's text and keep all of it alive; the entry's JSON
      // (which the cache stores anyway) read back holds only what the entry needs: 40 % less.
      const json = JSON.stringify(result.entry);
      const e = JSON.parse(json) as Entry;
      // With a disk cache, a city waits there for its page to be rendered, not in memory.
      if (this.cache) packed.push([job.key, json]);
      if (!this.cache || e.type !== 'city') this.keep(job.key, e);
      return e.type === 'city' ? { key: job.key, ok: true, city: summarizeCity(e.value) } : { key: job.key, ok: true, entry: e };
    });
    if (this.cache && packed.length > 0) {
      const at = this.cache.writePack(packed);
      for (const reply of replies) {
        const where = at.get(reply.key);
        if (where) reply.packed = where;
      }
    }
    return replies;
  }

  /** The site data every page of the next renders shares; entries unused for two builds are let go. */
  setData(data: SiteDataSet): void {
    this.data = data;
    this.generation++;
    for (const [key, held] of this.entries) if (held.generation < this.generation - 1) this.entries.delete(key);
    this.cache?.release();
  }

  render(jobs: RenderJob[]): RenderReply[] {
    const data = this.data;
    if (!data) throw new Error('BuildCore.render before setData');
    return jobs.map((job) => {
      const { html, card } = renderPage(job.route, data, job.city && this.city(job.city, data.fr.site));
      const refs = pageRefs(html, data.fr.site.baseUrl);
      // Its own buffer (not a slice of a shared pool), so it can move to the main thread.
      const bytes = encoder.encode(html);
      const hash = digest(bytes);
      const reply: RenderReply = { id: job.id, hash, refs: refs.map((ref) => this.refs.intern(ref)), card: { path: card.path, facts: card.facts } };
      // Written here, pages never cross threads: the main thread would hold them until its next
      // garbage collection, 100 MB and more for a large site. A page written to dist/ is stored as
      // a link to that file; one kept in memory (the live preview) is not: it would be 4,000 files
      // written at each save of site.md, for a store only a restart with the same code could use.
      if (job.target) {
        this.write(job.target, bytes);
        this.cache?.pages.keep(hash, bytes, job.target);
      } else reply.bytes = bytes;
      return reply;
    });
  }

  /** Draws share cards (~35 ms each): into the disk cache when there is one, which dist/ then links to. */
  async draw(jobs: DrawJob[]): Promise<DrawReply[]> {
    const replies: DrawReply[] = [];
    for (const job of jobs) {
      const bytes = await drawCard(job.facts);
      const hash = digest(bytes);
      if (this.cache) {
        this.cache.cards.write(storedName(job.path), bytes);
        replies.push({ path: job.path, hash });
      } else replies.push({ path: job.path, hash, bytes });
    }
    return replies;
  }

  private readonly folders = new Set<string>();
  private write(file: string, bytes: Uint8Array): void {
    const folder = dirname(file);
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
    writeFileSync(file, bytes);
  }

  private keep(key: string, entry: Entry): void {
    this.entries.set(key, { entry, generation: this.generation });
  }

  /** The whole city behind a summary: from memory, else the disk cache, else its file again. */
  private city(job: ParseJob, site: Site): City {
    let entry = this.entries.get(job.key)?.entry ?? (job.packed && this.cache?.readPacked<Entry>(job.key, job.packed));
    if (entry?.type !== 'city') {
      const result = parseFile(job, site);
      if (!result.ok || result.entry.type !== 'city') throw new Error(`${job.file} ne se lit plus comme au début de la construction : relancez-la`);
      entry = result.entry;
    }
    if (!this.cache) this.keep(job.key, entry);
    return entry.value;
  }
}

/** The file as it was hashed when its key was made, parsed; an edit made since is reported, not cached under the old key. */
function parseFile(job: ParseJob, site: Site | null): EntryResult {
  const raw = readFileSync(job.path);
  if (digest(raw) !== job.fileHash) {
    return { ok: false, issues: [{ file: job.file, field: '', message: 'fichier modifié pendant la construction : relancez-la' }] };
  }
  return parseEntry(job.kind, job.file, raw.toString('utf8'), site, PAGE_FILES);
}
