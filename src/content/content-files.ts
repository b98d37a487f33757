import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { closest } from '../shared/closest.ts';
import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import type { PageFiles } from './page-files.ts';

export type EntryKind = { type: 'site' } | { type: 'service' } | { type: 'city' } | { type: 'page'; page: string };

/** One Markdown file of the content folder and what it holds. */
export interface ContentFile {
  kind: EntryKind;
  /** Absolute path on disk. */
  path: string;
  /** The name editors read in messages: relative to the working directory. */
  file: string;
}

/**
 * Every content file the site is made of, in a stable order (site, services, cities, pages),
 * plus the problems of the folder itself (a missing file, an unknown page).
 */
export function listContentFiles(dir: string, pageFiles: PageFiles): { files: ContentFile[]; issues: RuleDiagnostic[] } {
  const pageNames = Object.keys(pageFiles);
  const files: ContentFile[] = [];
  const issues: RuleDiagnostic[] = [];
  const name = (path: string) => relative(process.cwd(), path) || path;
  const add = (kind: EntryKind, path: string) => files.push({ kind, path, file: name(path) });

  const sitePath = join(dir, 'site.md');
  if (existsSync(sitePath)) add({ type: 'site' }, sitePath);
  else issues.push({ file: name(sitePath), field: '', message: 'fichier requis manquant (les faits de l’entreprise)' });

  for (const sub of ['services', 'cities'] as const) {
    const folder = join(dir, sub);
    if (!existsSync(folder)) {
      issues.push({ file: name(folder), field: '', message: 'dossier requis manquant' });
      continue;
    }
    const kind = { type: sub === 'services' ? 'service' : 'city' } as const;
    for (const f of readdirSync(folder).filter((f) => f.endsWith('.md')).sort()) add(kind, join(folder, f));
  }

  const pagesDir = join(dir, 'pages');
  for (const page of pageNames) {
    const path = join(pagesDir, `${page}.md`);
    if (existsSync(path)) add({ type: 'page', page }, path);
    else issues.push({ file: name(path), field: '', message: `fichier de page requis manquant : créez content/pages/${page}.md (voir le dépôt pour son modèle)` });
  }
  if (existsSync(pagesDir)) {
    for (const file of readdirSync(pagesDir).sort()) {
      const page = file.replace(/\.md$/, '');
      if (!pageNames.includes(page)) {
        const near = closest(page, pageNames)[0];
        const fix = near ? `vouliez-vous dire ${near}.md ?` : `renommez-le en l’une des pages prévues (${pageNames.join(', ')}) ou retirez-le`;
        issues.push({ file: name(join(pagesDir, file)), field: '', message: `page inconnue : ${fix}` });
      }
    }
  }
  return { files, issues };
}
