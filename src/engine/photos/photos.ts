import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stampOf } from '../file-stamp.ts';
import { ContentError } from '../../content/content-error.ts';
import { closest } from '../../shared/closest.ts';
import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import { type PhotoManifest, type PhotoRef, PHOTO_SLOTS } from '../../shared/photos.ts';
import { PHOTO_LIMITS } from '../../shared/settings.ts';
import { encodeVariant, inspectSource, photoHash, PhotoSourceError, type SourceFacts } from './encoder.ts';
import { type PhotoJob, planSource } from './photo-plan.ts';
import { PhotoStore } from './photo-store.ts';

export interface PreparedPhotos {
  /** What pages need of each source (PhotoRef.src). */
  manifest: PhotoManifest;
  /** Every file of the photos, by its path under dist/. */
  jobs: Map<string, PhotoJob>;
  /** Photos narrower than their slot needs: printed with the build, not fatal. */
  warnings: RuleDiagnostic[];
}

/** A source as last read: its file's stamp, so an unchanged file is not read and hashed again. */
interface Known {
  stamp: string;
  hash: string;
}

/**
 * The site's photos, from the sources in content/ to the encoded files. Sources are read after
 * parsing, at each build (a cached parse must still see a deleted or replaced photo); encodes are
 * kept in the PhotoStore under names fixed by the source's bytes and the settings.
 */
export class Photos {
  private readonly store: PhotoStore;
  private readonly known = new Map<string, Known>();
  private jobs = new Map<string, PhotoJob>();
  /** The store's names the last plan uses: what pruning keeps. */
  private live: Set<string> | undefined;
  /** Files encoded by this engine so far: a warm build adds none. */
  encoded = 0;

  constructor(
    private readonly contentDir: string,
    cacheDir: string | null | undefined,
    /** The encoder code's fingerprint (fingerprint.mjs), part of every photo's name. */
    private readonly encoderCode: string,
  ) {
    this.store = new PhotoStore(cacheDir);
  }

  /**
   * Every source checked (there, an image, within the limits, whole) and planned; each problem is
   * reported at every place that names the source, all at once.
   */
  async prepare(refs: PhotoRef[]): Promise<PreparedPhotos> {
    const bySource = new Map<string, PhotoRef[]>();
    for (const r of refs) bySource.set(r.src, [...(bySource.get(r.src) ?? []), r]);
    const manifest: PhotoManifest = {};
    const jobs = new Map<string, PhotoJob>();
    const issues: RuleDiagnostic[] = [];
    const warnings: RuleDiagnostic[] = [];
    const hashes: string[] = [];
    for (const [src, named] of bySource) {
      const found = await this.facts(src);
      if ('problem' in found) {
        issues.push(...named.map((r) => placed(r, found.problem)));
        continue;
      }
      hashes.push(found.hash);
      const planned = planSource(src, found.hash, found.facts);
      manifest[src] = planned.info;
      for (const [path, job] of planned.jobs) jobs.set(path, job);
      for (const r of named) {
        const needs = PHOTO_SLOTS[r.slot].needs;
        if (found.facts.width < needs) warnings.push(placed(r, narrow(found.facts.width, needs, r.slot)));
      }
    }
    if (issues.length > 0) throw new ContentError(issues);
    this.jobs = jobs;
    this.live = new Set([...jobs.keys()].map((p) => p.slice(p.lastIndexOf('/') + 1)));
    for (const hash of hashes) this.live.add(`${hash}.json`);
    return { manifest, jobs, warnings };
  }

  /**
   * Deletes from the store what the last plan no longer names: once the build that made the plan
   * has committed, never before, so that a build that fails leaves the photos of the site still
   * published (and of the next build, which may well be the same) in the store.
   */
  prune(): void {
    if (this.live) this.store.prune(this.live);
  }

  /** Every file of the planned photos, encoding only those the store lacks, two at a time. */
  async files(): Promise<Map<string, Uint8Array>> {
    const out = new Map<string, Uint8Array>();
    const queue = [...this.jobs.keys()];
    const worker = async () => {
      for (let path = queue.shift(); path; path = queue.shift()) out.set(path, await this.file(path));
    };
    await Promise.all([worker(), worker()]);
    return new Map([...this.jobs.keys()].map((p) => [p, out.get(p)!]));
  }

  /** One file of the last planned photos (`photos/<name>`): from the store, or encoded now. */
  async file(path: string): Promise<Uint8Array> {
    const job = this.jobs.get(path);
    if (!job) throw new Error(`aucune photo prévue à ${path}`);
    const name = path.slice(path.lastIndexOf('/') + 1);
    const stored = this.store.read(name);
    if (stored) return stored;
    const bytes = readFileSync(join(this.contentDir, job.src));
    if ((await photoHash(bytes, this.encoderCode)) !== job.hash) throw new Error(`content/${job.src} a changé pendant la construction : relancez-la`);
    const encoded = await encodeVariant(bytes, job.width, job.format);
    this.store.write(name, encoded);
    this.encoded++;
    return encoded;
  }

  /** Whether `path` is a photo file of the last plan. */
  plans(path: string): boolean {
    return this.jobs.has(path);
  }

  private async facts(src: string): Promise<{ hash: string; facts: SourceFacts } | { problem: string }> {
    const path = join(this.contentDir, src);
    let stamp: string | undefined;
    let size: number;
    try {
      const stat = statSync(path, { bigint: true });
      if (!stat.isFile()) return { problem: `content/${src} n’est pas un fichier` };
      stamp = stampOf(stat, 'in-place', Date.now());
      size = Number(stat.size);
    } catch {
      return { problem: missingPhoto(this.contentDir, src) };
    }
    if (size > PHOTO_LIMITS.bytes) {
      return { problem: `content/${src} pèse ${(size / 1048576).toFixed(0)} Mo, plus de ${PHOTO_LIMITS.bytes / 1048576} Mo : exportez-la en JPEG, 2 500 à 4 000 pixels de large` };
    }
    const known = this.known.get(src);
    const hash = stamp !== undefined && known?.stamp === stamp ? known.hash : await photoHash(readFileSync(path), this.encoderCode);
    let facts = this.store.facts(hash);
    if (!facts) {
      try {
        facts = await inspectSource(readFileSync(path));
      } catch (error) {
        if (error instanceof PhotoSourceError) return { problem: `content/${src} : ${error.message}` };
        throw error;
      }
      this.store.keepFacts(hash, facts);
    }
    if (stamp !== undefined) this.known.set(src, { stamp, hash });
    else this.known.delete(src);
    return { hash, facts };
  }
}

function placed(ref: PhotoRef, message: string): RuleDiagnostic {
  return { file: ref.file, line: ref.line, column: ref.column, field: ref.slot === 'hero' ? 'photo.src' : 'texte Markdown', message };
}

function narrow(width: number, needs: number, slot: PhotoRef['slot']): string {
  const where = slot === 'hero' ? 'une photo principale' : 'une photo dans le texte';
  return `photo de ${width} pixels de large : ${where} en demande ${needs} pour rester nette sur un écran haute densité (prenez ou exportez-la plus large)`;
}

/** Every photo the site's content names: heroes and texts of each entry, and of each city. */
export function photoRefsOf(entries: Iterable<unknown>): PhotoRef[] {
  const refs: PhotoRef[] = [];
  for (const e of entries) {
    const photos = (e as { photos?: unknown } | undefined)?.photos;
    if (Array.isArray(photos)) refs.push(...(photos as PhotoRef[]));
  }
  return refs;
}

/** What to write instead of a photo that is not there: a file of the same folder a typo away, if any. */
function missingPhoto(contentDir: string, src: string): string {
  const folder = dirname(src);
  let near: string[] = [];
  try {
    near = closest(src.slice(folder.length + 1), readdirSync(join(contentDir, folder)));
  } catch {
    // The folder itself is missing: the advice below covers it.
  }
  const where = `photo introuvable : content/${src}`;
  if (near.length > 0) return `${where} : vouliez-vous dire « content/${folder}/${near[0]} » ?`;
  return `${where} (vérifiez le nom du fichier, ses majuscules et son extension, et qu’il est bien dans content/images/)`;
}
