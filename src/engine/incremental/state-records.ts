import type { ContentFile } from '../../content/content-files.ts';
import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import type { KeptDates } from '../git-dates.ts';
import type { BuildParsed, ParsedIndex } from './parsed-memo.ts';
import type { CheckedLinks } from './phases/checked-links.ts';
import type { ReadFiles } from './phases/read-content.ts';
import type { KeyPartsSet } from './phases/render-reasons.ts';
import type { RenderReply } from './worker-core.ts';

/** What BuildState keeps and takes: its index for the next process, and what one build hands it. */

/** One rendered page: the digest of its HTML, its internal links and its share card. */
export interface PageRecord {
  hash: string;
  refs: string[];
  card: RenderReply['card'];
  /** Kept when the build has no outDir (the live preview serves from memory). */
  bytes?: Uint8Array;
}

/** What the next build needs of this one, besides the pack files. */
export interface BuildIndex extends ParsedIndex {
  /** Digest of each content file's bytes, to guess how much there is to parse. */
  files: Record<string, string>;
  pages: Record<string, Omit<PageRecord, 'bytes'>>;
  /** The keys of the asset sets every page links to. */
  assets?: string[];
  /** The render code's fingerprint the pages were made with. */
  render?: string;
  /** The parts of each page's key, to say why a page is rendered again. */
  keyParts?: KeyPartsSet;
  /** The digest of each share card's bytes, by URL. */
  cards?: Record<string, string>;
  /** The stamp of each stored page found whole (PageStore.stampsFor), by digest. */
  stamps?: Record<string, string>;
  checklist?: ChecklistMemo;
  commitDates?: KeptDates;
}

/** The last launch checklist, under the digest of its code and of what it read. */
export interface ChecklistMemo {
  key: string;
  found: RuleDiagnostic[];
}

/** What a build's phases returned for the state to keep; a failed build has only its first ones. */
export interface BuildOutcome {
  read?: Pick<ReadFiles, 'hashes' | 'stamps' | 'namingAddresses'>;
  parsed?: BuildParsed;
  /** `fresh`: the keys of the pages rendered now, the others being the last builds'. */
  pages?: { records: Map<string, PageRecord>; parts: KeyPartsSet; fresh: readonly string[] };
  checklist?: ChecklistMemo;
  cards?: { hashes: ReadonlyMap<string, string>; bytes: ReadonlyMap<string, Uint8Array> };
  checkedLinks?: CheckedLinks;
  used?: UsedByBuild;
}

/** What one build used, and so all that the next one may reuse. */
export interface UsedByBuild {
  files: ContentFile[];
  /** Content key of each file. */
  keys: Map<ContentFile, string>;
  cityKeys: string[];
  /** Keys of the asset sets (client bundle, stylesheet). */
  assets: string[];
  /** The render code's fingerprint. */
  render: string;
  /** The sitemap's commit dates, once git answered. */
  commitDates: KeptDates | undefined;
}
