import type { ContentFile } from '../../content/content-files.ts';
import type { Entry } from '../../content/parse-entry.ts';
import type { CitySummary } from '../../content/types.ts';
import type { DiskCache, PackedAt } from './cache.ts';
import type { ParseJob, ParseReply } from './worker-core.ts';

/** What the last build's index says of parsed content, by content key. */
export interface ParsedIndex {
  cities: Record<string, CitySummary>;
  parsed: Record<string, PackedAt>;
}

/** What the engine holds of one parsed content file. */
interface Parsed {
  /** Any file but a city: its whole entry. */
  entry?: Entry;
  /** A city: its summary; the whole city stays with the thread that parsed it, or in the cache. */
  city?: CitySummary;
  /** Where the disk cache holds the whole entry. */
  packed?: PackedAt;
  /** The worker thread that parsed the city and holds it: it renders the city's page. */
  heldBy?: number;
}

/** Parsed content by content key, wherever it is held. */
interface ParsedSource {
  entry(key: string): Entry | undefined;
  city(key: string): CitySummary | undefined;
  packedAt(key: string): PackedAt | undefined;
  heldBy(key: string): number | undefined;
}

/** What the memo holds in memory: a build need not take again what is there already. */
interface HeldSource extends ParsedSource {
  held(key: string): Parsed | undefined;
}

/**
 * Everything the engine keeps of parsed content, one record per content key, else what the last
 * build's index says. A key is a digest of the file's bytes, of the facts of site.md it depends on
 * and of the parsing code (fingerprint.mjs): what it names never changes, so a record is never
 * invalidated, only forgotten once no file has its key. A build reads it through its own
 * BuildParsed, and the state `absorb`s that at its commit: nothing here changes while a build runs.
 */
export class ParsedMemo implements HeldSource {
  private readonly records = new Map<string, Parsed>();

  constructor(
    private readonly last: () => ParsedIndex | undefined,
    private readonly cache: DiskCache | undefined,
  ) {}

  /** A parsed entry other than a city, from memory or else the disk cache. */
  entry(key: string): Entry | undefined {
    const known = this.records.get(key)?.entry;
    if (known) return known;
    const at = this.last()?.parsed[key];
    return at && this.cache?.readPacked<Entry>(key, at);
  }

  /** A city's summary, from memory or else the last build's index. */
  city(key: string): CitySummary | undefined {
    return this.records.get(key)?.city ?? this.last()?.cities[key];
  }

  packedAt(key: string): PackedAt | undefined {
    return this.records.get(key)?.packed ?? this.last()?.parsed[key];
  }

  heldBy(key: string): number | undefined {
    return this.records.get(key)?.heldBy;
  }

  held(key: string): Parsed | undefined {
    return this.records.get(key);
  }

  /** Takes what one build parsed or found, over what was kept. */
  absorb(build: BuildParsed): void {
    for (const [key, record] of build.records) this.records.set(key, { ...this.records.get(key), ...record });
  }

  /** Forgets every key but `live`'s: a live preview runs for hours, and must not grow with every save. */
  keepOnly(live: ReadonlySet<string>): void {
    for (const key of this.records.keys()) if (!live.has(key)) this.records.delete(key);
  }
}

/**
 * What one build parsed, and what it found in the memo's disk cache or index, above the memo: the
 * content stage fills it and returns it, and the state keeps it at the build's commit.
 */
export class BuildParsed implements ParsedSource {
  readonly records = new Map<string, Parsed>();

  constructor(private readonly below: HeldSource) {}

  /** Keeps what a build thread parsed, and where the disk cache holds it. */
  take(reply: ParseReply): void {
    const record = this.record(reply.key);
    if (reply.packed) record.packed = reply.packed;
    if (!reply.ok) return;
    if ('city' in reply) {
      record.city = reply.city;
      if (reply.heldBy !== undefined) record.heldBy = reply.heldBy;
    } else record.entry = reply.entry;
  }

  /** An entry from this build, the memo's memory, or else the disk cache: what came from there is kept. */
  entry(key: string): Entry | undefined {
    const known = this.records.get(key)?.entry ?? this.below.held(key)?.entry;
    if (known) return known;
    const entry = this.below.entry(key);
    if (entry) this.record(key).entry = entry;
    return entry;
  }

  /** A city's summary from this build, the memo's memory, or else the last build's index: what came from there is kept. */
  city(key: string): CitySummary | undefined {
    const known = this.records.get(key)?.city ?? this.below.held(key)?.city;
    if (known) return known;
    const summary = this.below.city(key);
    if (summary) this.record(key).city = summary;
    return summary;
  }

  packedAt(key: string): PackedAt | undefined {
    return this.records.get(key)?.packed ?? this.below.packedAt(key);
  }

  heldBy(key: string): number | undefined {
    return this.records.get(key)?.heldBy ?? this.below.heldBy(key);
  }

  /**
   * The job that parses `f`, or finds its whole city again to render its page. The thread that
   * runs it reads the file again and checks its bytes are the ones hashed: texts never sit in
   * this thread nor travel in messages.
   */
  jobFor(f: ContentFile, key: string, fileHash: string): ParseJob {
    const packed = this.packedAt(key);
    const heldBy = this.heldBy(key);
    return { key, kind: f.kind, path: f.path, file: f.file, fileHash, ...(packed ? { packed } : {}), ...(heldBy !== undefined ? { heldBy } : {}) };
  }

  private record(key: string): Parsed {
    let record = this.records.get(key);
    if (!record) this.records.set(key, (record = {}));
    return record;
  }
}
