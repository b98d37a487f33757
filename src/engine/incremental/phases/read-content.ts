import { resolve } from 'node:path';
import type { RuleDiagnostic } from '../../../shared/diagnostic.ts';
import { ENGLISH_PAGE_FILES, PAGE_FILES } from '../../../site/page-kinds.ts';
import { type ContentFile, listSiteFiles } from '../../../content/content-files.ts';
import { mayNameAddress } from '../../../content/launch-checklist.ts';
import type { Entry } from '../../../content/parse-entry.ts';
import type { CitySummary, Site } from '../../../content/types.ts';
import { assembleContent, type ParsedFile } from '../../pipeline/assemble.ts';
import type { BuildOutcome, BuildState } from '../build-state.ts';
import type { ContentStage } from '../build-types.ts';
import { digest } from '../../digest.ts';
import { fileStamp } from '../../file-stamp.ts';
import type { Executor } from '../executors.ts';
import type { Fingerprints } from '../../project-root.ts';
import { readWhole } from '../read-whole.ts';
import type { BuildParsed } from '../parsed-memo.ts';
import type { ParseJob } from '../worker-core.ts';

export interface ContentInput {
  contentDir: string;
  /** The files to read again, when the caller knows (the live preview's watcher); else every file whose stamp moved. */
  changed: Iterable<string> | undefined;
  state: BuildState;
  fingerprints: Pick<Fingerprints, 'content'>;
  siteUrl: string | undefined;
  /** Where the parsing runs, chosen once the files are read: how many changed says whether threads pay off. */
  executorFor: (read: ReadFiles) => Promise<Executor>;
  /** What the stage read and parsed, for the state to keep even if the content is then refused. */
  outcome: Pick<BuildOutcome, 'read' | 'parsed'>;
}

/**
 * The content stage: the folder listed and hashed, each changed file parsed (site.md first),
 * the entries assembled into the site's content, checked across files, and its routes. Every
 * problem of every file is thrown at once.
 */
export async function readContent({ contentDir, changed, state, fingerprints, siteUrl, executorFor, outcome }: ContentInput): Promise<ContentStage> {
  const read = readFiles(contentDir, changed, state);
  outcome.read = read;
  const executor = await executorFor(read);
  const parsed = await parseContent(read, { executor, fingerprints, into: state.parsedForBuild() });
  outcome.parsed = parsed.layer;
  const { contents, cities, frenchOnly, routes } = assembleContent(read.files, read.issues, parsed.parsedFile, parsed.site, siteUrl);
  const cityFiles = cities.map(({ summary, file }): CityFile => {
    const key = parsed.keys.get(file)!;
    return { summary, key, job: () => parsed.layer.jobFor(file, key, read.hashes.get(file.path)!) };
  });
  return { read, executor, parsed, contents, cities: cityFiles, frenchOnly, routes };
}

export interface ReadFiles {
  /** In the folder's stable order: site.md, services, cities, pages; French, then English. */
  files: ContentFile[];
  /** Problems of the folder itself (a missing file, an unknown page). */
  issues: RuleDiagnostic[];
  /** Files whose bytes the last build did not see: about how many there are to parse. */
  changed: number;
  /** Paths of the files that may name an e-mail or web address: the launch checklist reads these again. */
  namingAddresses: ReadonlySet<string>;
  /** Digest of each file's bytes, by absolute path. */
  hashes: Map<string, string>;
  /** Each file's stamp when hashed, for this engine's next build. */
  stamps: Map<string, string>;
}

/**
 * Lists the content folder and hashes each file's bytes. After a first
 * build, only the files named in `changed` are read again, and of the others only those whose
 * size, times or inode moved since this engine hashed them: the live preview, which cannot trust
 * its watcher to name an atomically saved file, pays a stat a file instead of reading and hashing
 * 4,000 of them at every save. An edit or a rename changes the change time (ctime) at least; a
 * file changed within the clock's tick before it was read gets no stamp (file-stamp.ts).
 */
function readFiles(contentDir: string, changed: Iterable<string> | undefined, state: BuildState): ReadFiles {
  const listed = listSiteFiles(contentDir, { fr: PAGE_FILES, en: ENGLISH_PAGE_FILES });
  const reread = changed ? new Set([...changed].map((p) => resolve(p))) : undefined;
  const hashes = new Map<string, string>();
  const stamps = new Map<string, string>();
  const namingAddresses = new Set<string>();
  let read = 0;
  let unchanged = 0;
  // Stamps serve this engine's next build: a one-shot build (npm run build, CI) takes none.
  const stamping = state.hasRead;
  for (const f of listed.files) {
    const last = state.lastRead(f.path);
    const known = last.hash;
    // Taken before any read: a write meanwhile leaves a stamp that the next build finds moved.
    const stamp = stamping ? fileStamp(f.path, 'in-place', Date.now()) : undefined;
    const same = !reread && stamp !== undefined && stamp === last.stamp;
    const unread = known && (reread ? !reread.has(f.path) : same);
    // A file taken on the caller's word (not in `changed`) keeps no stamp: its bytes were not seen.
    if (stamp && (same || !unread)) stamps.set(f.path, stamp);
    if (unread) {
      hashes.set(f.path, known);
      if (last.namesAddress) namingAddresses.add(f.path);
      continue;
    }
    const bytes = readWhole(f.path);
    const hash = digest(bytes);
    hashes.set(f.path, hash);
    if (mayNameAddress(bytes)) namingAddresses.add(f.path);
    read++;
    if (state.wasRead(f.file, hash)) unchanged++;
  }
  return { files: listed.files, issues: listed.issues, changed: read - unchanged, namingAddresses, hashes, stamps };
}

interface ParseContext {
  executor: Executor;
  fingerprints: Pick<Fingerprints, 'content'>;
  /** This build's layer of parsed content, over what the state keeps. */
  into: BuildParsed;
}

export interface ParsedContent {
  /** null when site.md is missing or was rejected. */
  site: Site | null;
  /** The key of each file's parsed entry: its bytes, the site's facts, the content code. */
  keys: Map<ContentFile, string>;
  /** What this build parsed or found, over what the state keeps: the state takes it at the commit. */
  layer: BuildParsed;
  /** The problems of each rejected file, by its key. */
  issues: Map<string, RuleDiagnostic[]>;
  /** Files this build parsed; the others came from memory or the disk cache. */
  parsed: number;
  /** What assembling needs of a file: its problems, its entry, or a city's summary (the whole city stays with its thread). */
  parsedFile: (f: ContentFile) => ParsedFile;
}

/** A city of the site: its summary, its content key, and the job by which a thread finds the whole city again to render its page. */
export interface CityFile {
  summary: CitySummary;
  key: string;
  /** Made for the pages rendered only: a save of the live preview renders one city of thousands. */
  job: () => ParseJob;
}

/**
 * Every content file parsed into this build's layer, or found below it from an earlier build. The French
 * site.md comes first: its facts fill every other file's tokens and contact links, so they are part of each
 * other file's key.
 */
async function parseContent(read: ReadFiles, context: ParseContext): Promise<ParsedContent> {
  const { fingerprints, into } = context;
  const keys = new Map<ContentFile, string>();
  const issues = new Map<string, RuleDiagnostic[]>();
  const first = await parseSite(read, context);
  if (first) {
    keys.set(first.file, first.key);
    if (first.issues) issues.set(first.key, first.issues);
  }
  const site = first?.site ?? null;
  const tokens = site ? digest(site.name, site.phone, site.email, site.tel) : 'sans-site';
  const cityJobs: ParseJob[] = [];
  const otherJobs: ParseJob[] = [];
  for (const f of read.files) {
    if (f === first?.file) continue;
    const key = digest(fingerprints.content, f.locale, f.kind.type === 'page' ? `page:${f.kind.page}` : f.kind.type, f.file, read.hashes.get(f.path)!, tokens);
    keys.set(f, key);
    if (f.kind.type === 'city') {
      if (!into.city(key)) cityJobs.push(into.jobFor(f, key, read.hashes.get(f.path)!));
    } else if (!into.entry(key)) otherJobs.push(into.jobFor(f, key, read.hashes.get(f.path)!));
  }
  const replies = await context.executor.parse(cityJobs, otherJobs, site);
  for (const reply of replies) {
    into.take(reply);
    if (!reply.ok) issues.set(reply.key, reply.issues);
  }
  const parsedFile = (f: ContentFile): ParsedFile => {
    const key = keys.get(f)!;
    const problems = issues.get(key);
    if (problems) return { issues: problems };
    return f.kind.type === 'city' ? { city: into.city(key)! } : { entry: into.entry(key) as Exclude<Entry, { type: 'city' }> };
  };
  return { site, keys, layer: into, issues, parsed: (first?.parsed ?? 0) + replies.length, parsedFile };
}

interface ParsedSite {
  file: ContentFile;
  key: string;
  site: Site | null;
  issues?: RuleDiagnostic[];
  parsed: number;
}

async function parseSite({ files, hashes }: ReadFiles, { executor, fingerprints, into }: ParseContext): Promise<ParsedSite | undefined> {
  // The French site.md holds the facts; content/en/site.md only its texts, parsed with the others.
  const file = files.find((f) => f.kind.type === 'site' && f.locale === 'fr');
  if (!file) return undefined;
  const key = digest(fingerprints.content, 'site', file.file, hashes.get(file.path)!);
  let entry = into.entry(key);
  if (entry) return { file, key, site: entry.type === 'site' ? entry.value : null, parsed: 0 };
  const [reply] = await executor.parse([], [into.jobFor(file, key, hashes.get(file.path)!)], null);
  if (reply) into.take(reply);
  entry = into.entry(key);
  return { file, key, site: entry?.type === 'site' ? entry.value : null, ...(reply && !reply.ok ? { issues: reply.issues } : {}), parsed: 1 };
}
