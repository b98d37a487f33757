import type { DiskCache } from './cache.ts';
import { BuildParsed, ParsedMemo } from './parsed-memo.ts';
import { storedName } from './card-store.ts';
import type { DistManifest } from './dist-writer.ts';
import { StringPool } from './string-pool.ts';
import type { CheckedLinks } from './phases/checked-links.ts';
import type { KeyPartsSet } from './phases/render-reasons.ts';
import type { ReadFiles } from './phases/read-content.ts';
import type { KeptDates } from '../git-dates.ts';
import type { BuildIndex, BuildOutcome, ChecklistMemo, PageRecord, UsedByBuild } from './state-records.ts';

export type { BuildOutcome, PageRecord } from './state-records.ts';

/**
 * What the engine keeps from one build to the next: in memory for a long-lived engine (the live
 * preview), and with a disk cache in its index for the next process. Everything is keyed by its
 * inputs (content keys, page keys), so a build takes what it finds and never asks whether it is
 * still true. Its keys already hold the code's fingerprints: entries made by other code are
 * simply never asked for. A build `begin`s, its phases read, it `commit`s what they returned
 * (and, asked to, makes the index's text then), and `save` writes the index once dist/ is in place.
 */
export class BuildState {
  /** Digest of each content file's bytes as last read, by absolute path. */
  private fileHashes = new Map<string, string>();
  /** Size, times and inode of each content file when this engine last hashed it (phases/read-content.ts). */
  private fileStamps = new Map<string, string>();
  /** The files, by absolute path, that may name an e-mail or web address, as last read. */
  private namingAddresses: ReadonlySet<string> = new Set();
  /** What this engine parsed, or the last build did, by content key. */
  private readonly parsed: ParsedMemo;
  /** The pages of the last build that rendered, by page key. */
  private pages = new Map<string, PageRecord>();
  /** Share cards' bytes held in memory (drawn without a disk cache, or served by the live preview), by URL. */
  private readonly cards = new Map<string, Uint8Array>();
  /** The digest of each share card's bytes, by URL. */
  private readonly cardHashes = new Map<string, string>();
  /** What the last link check found whole (phases/checked-links.ts). */
  private checkedLinks: CheckedLinks | undefined;
  /** One copy of each link target, however many pages and threads report it. */
  private readonly refs = new StringPool();
  private index: BuildIndex | undefined;
  /** The index's text for the next `save`, made ahead by `prepareSave`, with the index it was made from. */
  private indexText: { of: BuildIndex; text: string } | undefined;
  /** What dist/ holds, as this engine last wrote it or the disk cache says: read when first asked for. */
  private distManifest: DistManifest | undefined;
  /** The index of the last build, made when first needed (remember, begin). */
  private pendingIndex: (() => BuildIndex) | undefined;
  private assets: string[] | undefined;
  private render: string | undefined;
  /** The parts of the last build's page keys. */
  private keyParts: KeyPartsSet | undefined;
  private checklist: ChecklistMemo | undefined;

  constructor(private readonly cache: DiskCache | undefined) {
    this.index = cache?.readIndex<BuildIndex>();
    this.parsed = new ParsedMemo(() => this.index, cache);
    cache?.pages.trust(this.index?.stamps ?? {});
    this.assets = this.index?.assets;
    this.render = this.index?.render;
    this.keyParts = this.index?.keyParts;
    this.checklist = this.index?.checklist;
  }

  /** What a build parses into: its own layer over what this engine keeps, taken at its commit. */
  parsedForBuild(): BuildParsed {
    return new BuildParsed(this.parsed);
  }

  /** What this engine last read of a content file (phases/read-content.ts): its digest, its stamp, whether it may name an address. */
  lastRead(path: string): { hash: string | undefined; stamp: string | undefined; namesAddress: boolean } {
    return { hash: this.fileHashes.get(path), stamp: this.fileStamps.get(path), namesAddress: this.namingAddresses.has(path) };
  }

  /** Whether this engine has read the content before: a one-shot build takes no stamps. */
  get hasRead(): boolean {
    return this.fileHashes.size > 0;
  }

  /** The parts of the last build's page keys, what its link check found whole, and its launch checklist. */
  get last(): { keyParts: KeyPartsSet | undefined; checkedLinks: CheckedLinks | undefined; checklist: ChecklistMemo | undefined } {
    return { keyParts: this.keyParts, checkedLinks: this.checkedLinks, checklist: this.checklist };
  }

  /** A share card's bytes held in memory. */
  cardBytes(path: string): Uint8Array | undefined {
    return this.cards.get(path);
  }

  /**
   * Takes what a build's phases returned, all at once: what it read, rendered, drew and found
   * whole, and, when it went through, what it used (`remember`). A build that failed still
   * leaves what its finished phases made: each piece is keyed by its inputs. `indexNow`: the
   * index's text is made now, while the caller's last links into dist/ are being made, rather
   * than at `save` (~50 ms at 4,000 cities).
   */
  commit(outcome: BuildOutcome, { indexNow }: { indexNow: boolean }): void {
    const { read, parsed, pages, cards, checklist, checkedLinks, used } = outcome;
    if (read) {
      this.fileHashes = read.hashes;
      this.fileStamps = read.stamps;
      this.namingAddresses = read.namingAddresses;
    }
    if (parsed) this.parsed.absorb(parsed);
    if (pages) {
      // Threads each send their own copies of the link targets: pages rendered now keep the pool's.
      for (const key of pages.fresh) {
        const record = pages.records.get(key)!;
        record.refs = record.refs.map((ref) => this.refs.intern(ref));
      }
      this.pages = pages.records;
      this.keyParts = pages.parts;
    }
    for (const [path, hash] of cards?.hashes ?? []) this.cardHashes.set(path, hash);
    for (const [path, bytes] of cards?.bytes ?? []) this.cards.set(path, bytes);
    if (checklist) this.checklist = checklist;
    if (checkedLinks) this.checkedLinks = checkedLinks;
    if (!used) return;
    this.remember(used);
    if (indexNow) this.makeIndexText();
  }

  /** Whether the last build read this file with these same bytes. */
  wasRead(file: string, hash: string): boolean {
    return this.index?.files[file] === hash;
  }

  /** A page rendered before under this key, by this engine or the last build. */
  page(key: string): PageRecord | undefined {
    return this.pages.get(key) ?? this.index?.pages[key];
  }

  /** The digest of a card drawn before, by this engine or a past build. */
  cardHash(path: string): string | undefined {
    return this.cardHashes.get(path) ?? this.index?.cards?.[path];
  }

  /** The digests of the last build's pages, which the page store may hold. */
  lastPageHashes(): string[] {
    return Object.values(this.index?.pages ?? {}).map((p) => p.hash);
  }

  /**
   * The file of the disk cache's page store holding a page, checked against its digest: now, or
   * before by a checking thread (`checked`, the pages it found whole).
   */
  storedPageFile(hash: string, checked: ReadonlySet<string> | undefined): string | undefined {
    if (checked) return checked.has(hash) ? this.cache?.pages.fileOf(hash) : undefined;
    return this.cache?.pages.verified(hash);
  }

  /** A page's bytes from the disk cache's page store, checked against its digest. */
  storedPage(hash: string): Uint8Array | undefined {
    return this.cache?.pages.read(hash);
  }

  /**
   * Whether this build may reuse most pages of the last one rather than render them, which
   * decides whether threads pay off. The pages must be at hand (dist/ as the last build left it,
   * memory, or else the page store) and what every page shows unchanged: the render code
   * (`render`, its fingerprint), the assets (`assets`, their keys), and every content file but the cities.
   */
  mayReusePages({ files, hashes }: Pick<ReadFiles, 'files' | 'hashes'>, code: { assets: string[]; render: string }, distKept: boolean): boolean {
    const same = this.render === code.render && this.assets?.join() === code.assets.join() && files.every((f) => f.kind.type === 'city' || this.wasRead(f.file, hashes.get(f.path)!));
    return same && (distKept || this.pages.size > 0 || this.pagesStored());
  }

  /** Whether most pages of the last build wait in the page store. */
  private pagesStored(): boolean {
    const hashes = this.lastPageHashes();
    return !!this.cache && hashes.length > 0 && this.cache.pages.count(hashes) * 2 > hashes.length;
  }

  /** The commit dates the last build read, and the history they come from. */
  get commitDates(): KeptDates | undefined {
    return this.index?.commitDates;
  }

  /** What the last build left in dist/, as far as the cache knows. */
  get dist(): DistManifest | undefined {
    this.distManifest ??= this.cache?.readDist();
    return this.distManifest;
  }

  /**
   * Keeps, in memory and in the index, what this build used and nothing older: a live preview
   * runs for hours, and the cache must not grow with every save.
   */
  private remember(used: UsedByBuild): void {
    const live = new Set(used.keys.values());
    this.parsed.keepOnly(live);
    this.assets = used.assets;
    this.render = used.render;
    const cards = new Set([...this.pages.values()].map((p) => p.card.path));
    for (const map of [this.cards, this.cardHashes] as Map<string, unknown>[]) {
      for (const path of map.keys()) if (!cards.has(path)) map.delete(path);
    }
    if (!this.cache) return;
    const { pages, keyParts, checklist } = this;
    // Made when it is written (once idle, for the live preview) or when the next build starts,
    // before anything changes what it reads: at 4,000 cities, 30 ms a save that no page waits for.
    this.pendingIndex = () => ({
      files: Object.fromEntries(used.files.map((f) => [f.file, this.fileHashes.get(f.path)!])),
      cities: Object.fromEntries(used.cityKeys.map((key) => [key, this.parsed.city(key)!])),
      parsed: Object.fromEntries([...live].flatMap((k) => {
        const at = this.parsed.packedAt(k);
        return at ? [[k, at]] : [];
      })),
      pages: Object.fromEntries([...pages].map(([key, { hash, refs, card }]) => [key, { hash, refs, card }])),
      assets: used.assets,
      render: used.render,
      ...(keyParts ? { keyParts } : {}),
      ...(checklist ? { checklist } : {}),
      ...(used.commitDates ? { commitDates: used.commitDates } : {}),
      cards: Object.fromEntries([...cards].flatMap((path) => {
        const hash = this.cardHash(path);
        return hash ? [[path, hash]] : [];
      })),
    });
  }

  /** A build begins: the index the last one left is made now, before this one reads or commits anything. */
  begin(): void {
    if (!this.pendingIndex) return;
    this.index = this.pendingIndex();
    this.pendingIndex = undefined;
  }

  /** Makes the index, and its text, for the `save` to come. */
  private makeIndexText(): void {
    this.begin();
    if (!this.cache || !this.index) return;
    this.index.stamps = this.cache.pages.stampsFor(new Set(Object.values(this.index.pages).map((p) => p.hash)));
    this.indexText = { of: this.index, text: this.cache.indexText(this.index) };
  }

  /**
   * Writes what dist/ now holds when the build wrote it, and the index, then deletes the packs,
   * asset sets, stored pages and cards it no longer points to: once the new site is in place, never before.
   */
  save(dist: DistManifest | undefined): void {
    if (this.indexText?.of !== this.index || this.pendingIndex) this.makeIndexText();
    if (!this.cache || !this.index) return;
    if (dist) {
      this.distManifest = dist;
      this.cache.writeDist(dist);
    }
    this.cache.writeIndex(this.indexText!.text);
    this.indexText = undefined;
    this.cache.prunePacks(new Set(Object.values(this.index.parsed).map(([pack]) => pack)));
    this.cache.assets.prune(new Set(this.index.assets));
    this.cache.pages.prune(new Set(Object.values(this.index.pages).map((p) => p.hash)));
    this.cache.cards.prune(new Set(Object.values(this.index.pages).map((p) => storedName(p.card.path))));
  }
}
