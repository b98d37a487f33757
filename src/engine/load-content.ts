import { readFileSync } from 'node:fs';
import { ContentError } from '../content/content-error.ts';
import { listContentFiles } from '../content/content-files.ts';
import { crossCheck } from '../content/cross-check.ts';
import { type Entry, parseEntry } from '../content/parse-entry.ts';
import type { City, Content, Service, Site } from '../content/types.ts';
import { PAGE_FILES } from '../site/page-kinds.ts';

/**
 * Reads and checks every file of the content folder in this thread. All problems of all files
 * are collected and thrown together as one ContentError, so an editor fixes them in one pass.
 * The build engine does the same work spread over threads and cached; this is its plain form.
 */
export function loadContent(dir: string): Content {
  const { files, issues } = listContentFiles(dir, PAGE_FILES);
  const entries: Entry[] = [];
  let site: Site | null = null;
  let servicesValid = true;
  for (const f of files) {
    const result = parseEntry(f.kind, f.file, readFileSync(f.path, 'utf8'), site, PAGE_FILES);
    if (result.ok) {
      entries.push(result.entry);
      if (result.entry.type === 'site') site = result.entry.value;
    } else {
      issues.push(...result.issues);
      if (f.kind.type === 'service') servicesValid = false;
    }
  }
  // Checked in file order, so « déjà utilisé » names the file that comes first in its folder.
  const services = entries.flatMap((e) => (e.type === 'service' ? [e.value] : []));
  const cities = entries.flatMap((e) => (e.type === 'city' ? [e.value] : []));
  issues.push(...crossCheck(services, cities, servicesValid));
  const content = assembleContent(entries);
  if (issues.length > 0 || !site) throw new ContentError(issues);
  return { ...content, site };
}

/** Valid entries sorted into the site's content; `site` is null if site.md was rejected. */
export function assembleContent(entries: Entry[]): Omit<Content, 'site'> & { site: Site | null } {
  let site: Site | null = null;
  const services: Service[] = [];
  const cities: City[] = [];
  const pages: Content['pages'] = {};
  for (const e of entries) {
    if (e.type === 'site') site = e.value;
    else if (e.type === 'service') services.push(e.value);
    else if (e.type === 'city') cities.push(e.value);
    else pages[e.page] = e.value;
  }
  return { site, services: services.sort(byOrder), cities: cities.sort(byOrder), pages };
}

export const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
