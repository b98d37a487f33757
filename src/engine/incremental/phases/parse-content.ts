import type { RuleDiagnostic } from '../../../shared/diagnostic.ts';
import type { ContentFile } from '../../../content/content-files.ts';
import type { Entry } from '../../../content/parse-entry.ts';
import type { CitySummary, Site } from '../../../content/types.ts';
import type { ParsedFile } from '../../pipeline/assemble.ts';
import type { BuildState } from '../build-state.ts';
import { digest } from '../../digest.ts';
import type { Executor } from '../executors.ts';
import type { Fingerprints } from '../../project-root.ts';
import type { ParseJob } from '../worker-core.ts';
import type { ReadFiles } from './read-files.ts';

export interface ParseContext {
  executor: Executor;
  state: BuildState;
  fingerprints: Pick<Fingerprints, 'content'>;
}

export interface ParsedContent {
  /** null when site.md is missing or was rejected. */
  site: Site | null;
  /** The key of each file's parsed entry, in `state`: its bytes, the site's facts, the content code. */
  keys: Map<ContentFile, string>;
  /** The problems of each rejected file, by its key. */
  issues: Map<string, RuleDiagnostic[]>;
  /** Files this build parsed; the others came from memory or the disk cache. */
  parsed: number;
  /** What assembling needs of a file: its problems, its entry, or a city's summary (the whole city stays with its thread). */
  parsedFile: (f: ContentFile) => ParsedFile;
}

/** A city of the site: its summary, its content key (by which its thread finds the whole city again to render its page) and its file. */
export interface CityFile {
  summary: CitySummary;
  key: string;
  file: ContentFile;
  /** The digest of its file's bytes, which its thread checks before parsing it again. */
  fileHash: string;
}

/**
 * Every content file parsed into `state`, or found there from an earlier build. The French
 * site.md comes first: its facts fill every other file's tokens and contact links, so they are part of each
 * other file's key.
 */
export async function parseContent(read: ReadFiles, context: ParseContext): Promise<ParsedContent> {
  const { state, fingerprints } = context;
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
      if (!state.parsed.city(key)) cityJobs.push(state.parseJob(f, key, read.hashes.get(f.path)!));
    } else if (!state.parsed.entry(key)) otherJobs.push(state.parseJob(f, key, read.hashes.get(f.path)!));
  }
  const replies = await context.executor.parse(cityJobs, otherJobs, site);
  for (const reply of replies) {
    state.parsed.take(reply);
    if (!reply.ok) issues.set(reply.key, reply.issues);
  }
  const parsedFile = (f: ContentFile): ParsedFile => {
    const key = keys.get(f)!;
    const problems = issues.get(key);
    if (problems) return { issues: problems };
    return f.kind.type === 'city' ? { city: state.parsed.city(key)! } : { entry: state.parsed.entry(key) as Exclude<Entry, { type: 'city' }> };
  };
  return { site, keys, issues, parsed: (first?.parsed ?? 0) + replies.length, parsedFile };
}

interface ParsedSite {
  file: ContentFile;
  key: string;
  site: Site | null;
  issues?: RuleDiagnostic[];
  parsed: number;
}

async function parseSite({ files, hashes }: ReadFiles, { executor, state, fingerprints }: ParseContext): Promise<ParsedSite | undefined> {
  // The French site.md holds the facts; content/en/site.md only its texts, parsed with the others.
  const file = files.find((f) => f.kind.type === 'site' && f.locale === 'fr');
  if (!file) return undefined;
  const key = digest(fingerprints.content, 'site', file.file, hashes.get(file.path)!);
  let entry = state.parsed.entry(key);
  if (entry) return { file, key, site: entry.type === 'site' ? entry.value : null, parsed: 0 };
  const [reply] = await executor.parse([], [state.parseJob(file, key, hashes.get(file.path)!)], null);
  if (reply) state.parsed.take(reply);
  entry = state.parsed.entry(key);
  return { file, key, site: entry?.type === 'site' ? entry.value : null, ...(reply && !reply.ok ? { issues: reply.issues } : {}), parsed: 1 };
}
