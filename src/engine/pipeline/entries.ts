import type { EntryKind } from '../../content/content-files.ts';
import { type EntryResult, parseEntry } from '../../content/parse-entry.ts';
import type { Site } from '../../content/types.ts';
import { PAGE_FILES } from '../../site/page-kinds.ts';

/**
 * A content file's text made into its entry: everything a parsed entry's value depends on besides
 * the text and the site's facts. Its module graph is the content kind's fingerprint
 * (src/engine/fingerprint.mjs): whatever this file imports invalidates the parsed entries it made.
 * The build's threads (incremental/worker-core.ts) parse through it.
 */
export function entryFromText(kind: EntryKind, file: string, text: string, site: Site | null): EntryResult {
  return parseEntry(kind, file, text, site, PAGE_FILES);
}
