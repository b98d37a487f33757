import type { ContentFile } from '../../../content/content-files.ts';
import type { Entry } from '../../../content/parse-entry.ts';
import type { CitySummary } from '../../../content/types.ts';
import type { SiteContents } from '../../../site/site-content.ts';
import type { BuildState } from '../build-state.ts';
import { assembleContent as assemble } from '../../pipeline/assemble.ts';
import type { ParsedContent } from './parse-content.ts';
import type { ReadFiles } from './read-files.ts';

/** A city of the site: its summary, its content key and its file. */
export interface CityFile {
  summary: CitySummary;
  key: string;
  file: ContentFile;
}

export interface AssembledContent {
  contents: SiteContents;
  /** Every city page's city, French then English, each sorted by `order`. */
  cities: CityFile[];
  /** The French files that say `frenchOnly: true`: the build summary lists them. */
  frenchOnly: string[];
}

/**
 * The pipeline's assembling (src/engine/pipeline/assemble.ts) over what `state` holds of this
 * build's keys: cities as the summaries their threads sent back, each city given its key, by
 * which its thread finds the whole city again to render its page.
 */
export function assembleContent(read: ReadFiles, parsed: ParsedContent, state: BuildState, siteUrl?: string): AssembledContent {
  const assembled = assemble(
    read.files,
    read.issues,
    (f) => {
      const key = parsed.keys.get(f)!;
      const issues = parsed.issues.get(key);
      if (issues) return { issues };
      return f.kind.type === 'city' ? { city: state.parsed.city(key)! } : { entry: state.parsed.entry(key) as Exclude<Entry, { type: 'city' }> };
    },
    parsed.site,
    siteUrl,
  );
  return { ...assembled, cities: assembled.cities.map((c) => ({ ...c, key: parsed.keys.get(c.file)! })) };
}
