import type { ContentFile, EntryKind } from '../../content/content-files.ts';
import { type EntryResult, parseEntry } from '../../content/parse-entry.ts';
import { type City, type Site, summarizeCity } from '../../content/types.ts';
import { PAGE_FILES } from '../../site/page-kinds.ts';
import type { ParsedFile } from './assemble.ts';
import type { SourceFiles } from './files.ts';

export interface Entries {
  /** The French site.md's facts; null when it is missing or was rejected. */
  site: Site | null;
  /** Each file's entry, or its problems. */
  parsed: Map<ContentFile, ParsedFile>;
  /** Each city whole, by its file name: its page shows all of it. */
  cities: Map<string, City>;
}

/**
 * Every content file parsed into its entry. The French site.md comes first: its facts (name,
 * phone, e-mail) fill every other file's tokens and contact links.
 */
export function parseEntries({ files, texts }: Pick<SourceFiles, 'files' | 'texts'>): Entries {
  // content/en/site.md holds only texts: it is parsed with the others, with the French facts.
  const siteFile = files.find((f) => f.kind.type === 'site' && f.locale === 'fr');
  const parsed = new Map<ContentFile, ParsedFile>();
  const cities = new Map<string, City>();
  const parse = (f: ContentFile, site: Site | null) => {
    const result = parseContentFile(f.kind, f.file, texts.get(f)!, site);
    if (!result.ok) parsed.set(f, { issues: result.issues });
    else if (result.entry.type !== 'city') parsed.set(f, { entry: result.entry });
    else {
      cities.set(f.file, result.entry.value);
      parsed.set(f, { city: summarizeCity(result.entry.value) });
    }
    return result;
  };
  const first = siteFile && parse(siteFile, null);
  const site = first?.ok && first.entry.type === 'site' ? first.entry.value : null;
  for (const f of files) if (f !== siteFile) parse(f, site);
  return { site, parsed, cities };
}

/**
 * A content file's text made into its entry: everything a parsed entry's value depends on besides
 * the text and the site's facts. Its module graph is the content kind's fingerprint
 * (src/engine/fingerprint.mjs): whatever this file imports invalidates the parsed entries it made,
 * the fast engine's threads (worker-core.ts) parse through it too.
 */
export function parseContentFile(kind: EntryKind, file: string, text: string, site: Site | null): EntryResult {
  return parseEntry(kind, file, text, site, PAGE_FILES);
}
