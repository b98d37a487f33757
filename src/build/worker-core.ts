import { readFileSync } from 'node:fs';
import type { ContentIssue } from '../content/content-error.ts';
import type { EntryKind } from '../content/content-files.ts';
import { type Entry, parseEntry } from '../content/parse-entry.ts';
import { type City, type CitySummary, type Site, summarizeCity } from '../content/types.ts';
import type { Route } from '../site/routes.ts';
import type { SiteData } from '../templates/parts/site-context.tsx';
import { DiskCache, digest, type FileRef } from './cache.ts';
import { pageRefs } from './check-links.ts';
import { renderPage } from './render-page.tsx';

const encoder = new TextEncoder();

export interface ParseJob {
  key: string;
  kind: EntryKind;
  path: string;
  file: string;
  /** Digest of the file's bytes when its key was made. */
  bytes: string;
  /** The text itself, read once by the main thread (absent on render jobs, which re-read only if they must). */
  raw?: string;
}

/** A city comes back as its summary: the whole city stays with the thread that will render it. */
export type ParseReply =
  | { key: string; ok: true; entry: Exclude<Entry, { type: 'city' }> }
  | { key: string; ok: true; city: CitySummary }
  | { key: string; ok: false; issues: ContentIssue[] };

export interface RenderJob {
  id: string;
  route: Route;
  /** For a city page: where the whole city is found (this thread's memory, the disk cache, its file). */
  city?: ParseJob;
}

export interface RenderReply {
  id: string;
  hash: string;
  refs: string[];
  /** The page's bytes when there is no disk cache; else where the cache keeps them. */
  bytes?: Uint8Array;
  stored?: FileRef;
}

/**
 * What a build thread does: parse content files and render pages. The same object runs in each
 * worker thread and, for small sites, in the main thread. It keeps the entries it parsed, so a
 * city is rendered where it was parsed, without crossing threads twice.
 */
export class BuildCore {
  private readonly entries = new Map<string, { entry: Entry; generation: number }>();
  private generation = 0;
  private data: SiteData | undefined;
  private readonly cache: DiskCache | undefined;

  constructor(cacheDir: string | null) {
    this.cache = cacheDir ? new DiskCache(cacheDir) : undefined;
  }

  parse(jobs: ParseJob[], site: Site | null): ParseReply[] {
    return jobs.map((job) => {
      const result = parseEntry(job.kind, job.file, job.raw ?? readFileSync(job.path, 'utf8'), site);
      if (!result.ok) return { key: job.key, ok: false, issues: result.issues };
      this.keep(job.key, result.entry);
      this.cache?.writeJson('parsed', job.key, result.entry);
      const e = result.entry;
      return e.type === 'city' ? { key: job.key, ok: true, city: summarizeCity(e.value) } : { key: job.key, ok: true, entry: e };
    });
  }

  /** The site data every page of the next renders shares; entries unused for two builds are let go. */
  setData(data: SiteData): void {
    this.data = data;
    this.generation++;
    for (const [key, held] of this.entries) if (held.generation < this.generation - 1) this.entries.delete(key);
  }

  render(jobs: RenderJob[]): RenderReply[] {
    const data = this.data;
    if (!data) throw new Error('BuildCore.render before setData');
    return jobs.map((job) => {
      const html = renderPage(job.route, data, job.city && this.city(job.city, data.site));
      // Its own buffer (not a slice of a shared pool), so it can move to the main thread.
      const bytes = encoder.encode(html);
      const hash = digest(bytes);
      const refs = pageRefs(html, data.site.baseUrl);
      if (this.cache) return { id: job.id, hash, refs, stored: this.cache.writeHtml(hash, bytes) };
      return { id: job.id, hash, refs, bytes };
    });
  }

  private keep(key: string, entry: Entry): void {
    this.entries.set(key, { entry, generation: this.generation });
  }

  /** The whole city behind a summary: from memory, else the disk cache, else its file again. */
  private city(job: ParseJob, site: Site): City {
    const held = this.entries.get(job.key);
    let entry = held?.entry ?? this.cache?.readJson<Entry>('parsed', job.key);
    if (entry?.type !== 'city') {
      const raw = readFileSync(job.path);
      const result = digest(raw) === job.bytes ? parseEntry(job.kind, job.file, raw.toString('utf8'), site) : undefined;
      if (!result?.ok || result.entry.type !== 'city') throw new Error(`${job.file} a changé pendant la construction : relancez-la`);
      entry = result.entry;
    }
    this.keep(job.key, entry);
    return entry.value;
  }
}
