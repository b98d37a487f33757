import type { Entry } from '../../content/parse-entry.ts';
import type { CitySummary } from '../../content/types.ts';
import type { DiskCache, PackedAt } from './cache.ts';
import type { ParseReply } from './worker-core.ts';

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

/**
 * Everything the engine keeps of parsed content, one record per content key, else what the last
 * build's index says. A key is a digest of the file's bytes, of the facts of site.md it depends on
 * and of the parsing code (fingerprint.mjs): what it names never changes, so a record is never
 * invalidated, only forgotten once no file has its key.
 */
export class ParsedMemo {
  private readonly records = new Map<string, Parsed>();

  constructor(
    private readonly last: () => ParsedIndex | undefined,
    private readonly cache: DiskCache | undefined,
  ) {}

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

  /** A parsed entry other than a city, from memory or else the disk cache; kept in memory. */
  entry(key: string): Entry | undefined {
    const known = this.records.get(key)?.entry;
    if (known) return known;
    const at = this.last()?.parsed[key];
    const entry = at && this.cache?.readPacked<Entry>(key, at);
    if (entry) this.record(key).entry = entry;
    return entry;
  }

  /** A city's summary, from memory or else the last build's index; kept in memory. */
  city(key: string): CitySummary | undefined {
    const summary = this.records.get(key)?.city ?? this.last()?.cities[key];
    if (summary) this.record(key).city = summary;
    return summary;
  }

  packedAt(key: string): PackedAt | undefined {
    return this.records.get(key)?.packed ?? this.last()?.parsed[key];
  }

  heldBy(key: string): number | undefined {
    return this.records.get(key)?.heldBy;
  }

  /** Forgets every key but `live`'s: a live preview runs for hours, and must not grow with every save. */
  keepOnly(live: ReadonlySet<string>): void {
    for (const key of this.records.keys()) if (!live.has(key)) this.records.delete(key);
  }

  private record(key: string): Parsed {
    let record = this.records.get(key);
    if (!record) this.records.set(key, (record = {}));
    return record;
  }
}
