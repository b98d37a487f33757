import { ContentError } from '../../content/content-error.ts';
import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import type { ContentFile } from '../../content/content-files.ts';
import { crossCheck } from '../../content/cross-check.ts';
import type { CitySummary, Service } from '../../content/types.ts';
import type { Pages } from '../../site/page-kinds.ts';
import type { SharedContent } from '../../site/site-content.ts';
import type { BuildState } from '../build-state.ts';
import type { ParsedContent } from './parse-content.ts';
import type { ReadFiles } from './read-files.ts';

/** A city of the site: its summary, its content key and its file. */
export interface CityFile {
  summary: CitySummary;
  key: string;
  file: ContentFile;
}

export interface AssembledContent {
  content: SharedContent;
  /** Sorted by `order`, as `content.cities`. */
  cities: CityFile[];
}

/**
 * The parsed entries put together into the site's content and checked across files. Every
 * problem of every file (the folder's, each file's, the cross-file rules') is thrown at once, in
 * file order, as one ContentError: an editor fixes them all in one pass.
 */
export function assembleContent(read: ReadFiles, parsed: ParsedContent, state: BuildState, siteUrl?: string): AssembledContent {
  const issues: RuleDiagnostic[] = [...read.issues];
  let servicesValid = true;
  const services: Service[] = [];
  const cities: CityFile[] = [];
  const pages: Record<string, unknown> = {};
  for (const f of read.files) {
    const key = parsed.keys.get(f)!;
    const problems = parsed.issues.get(key);
    if (problems) {
      issues.push(...problems);
      if (f.kind.type === 'service') servicesValid = false;
    } else if (f.kind.type === 'city') {
      cities.push({ summary: state.cities.get(key)!, key, file: f });
    } else if (f.kind.type !== 'site') {
      const entry = state.entries.get(key)!;
      if (entry.type === 'service') services.push(entry.value);
      else if (entry.type === 'page') pages[entry.page] = entry.value;
    }
  }
  // Checked in file order, so « déjà utilisé » names the file that comes first in its folder.
  issues.push(...crossCheck(services, cities.map((c) => c.summary), servicesValid));
  services.sort((a, b) => a.order - b.order);
  cities.sort((a, b) => a.summary.order - b.summary.order);
  let site = parsed.site;
  if (issues.length > 0 || !site) throw new ContentError(issues);
  if (siteUrl) site = { ...site, baseUrl: siteUrl.replace(/\/+$/, '') };
  return { content: { site, services, cities: cities.map((c) => c.summary), pages: pages as unknown as Pages }, cities };
}
