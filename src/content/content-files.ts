import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { closest } from '../shared/closest.ts';
import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import { LOCALES, type Locale } from '../shared/locales.ts';
import type { PageFiles } from './page-files.ts';

/** What a file holds, and in which language (an English file's site.md holds only its texts). */
type Holds = { type: 'site' } | { type: 'service' } | { type: 'city' } | { type: 'page'; page: string };
export type EntryKind = Holds & { locale: Locale };

/** One Markdown file of the content folder and what it holds. */
export interface ContentFile {
  kind: EntryKind;
  /** Absolute path on disk. */
  path: string;
  /** The name editors read in messages: relative to the working directory. */
  file: string;
  locale: Locale;
  /**
   * Its path inside its language's folder (`cities/hull.md`): an English file pairs with the
   * French file of the same name (content/en/cities/hull.md with content/cities/hull.md).
   */
  pairKey: string;
}

/** The content files of a site: French in the folder itself, English in its `en/` mirror. */
export interface ContentListing {
  files: ContentFile[];
  issues: RuleDiagnostic[];
}

/** The files of content/pages/ by language: French, and English when the content has an `en/` folder. */
export interface PageFilesByLocale {
  fr: PageFiles;
  en: PageFiles;
}

/**
 * Every content file of the site, French then English, each in a stable order (site, services,
 * cities, pages), plus the problems of the folders themselves. Without an `en/` folder the site
 * is French only; with one, every page file the English site needs must be there.
 */
export function listSiteFiles(dir: string, pageFiles: PageFilesByLocale): ContentListing {
  const french = listContentFiles(dir, pageFiles.fr, 'fr');
  const enDir = join(dir, LOCALES.en.contentDir);
  if (!existsSync(enDir)) return french;
  const english = listContentFiles(enDir, pageFiles.en, 'en', (path) => relative(process.cwd(), join(dir, relative(enDir, path))) || path);
  return { files: [...french.files, ...english.files], issues: [...french.issues, ...english.issues] };
}

/**
 * The content files of one language's folder, in a stable order (site, services, cities, pages),
 * plus the problems of the folder itself (a missing file, an unknown page).
 */
function listContentFiles(dir: string, pageFiles: PageFiles, locale: Locale, frenchOf?: (path: string) => string): ContentListing {
  const pageNames = Object.keys(pageFiles);
  const files: ContentFile[] = [];
  const issues: RuleDiagnostic[] = [];
  const name = (path: string) => relative(process.cwd(), path) || path;
  // Names joined to the folder's, not a `relative()` a file: 4,000 of them cost every live-preview save tens of ms.
  const base = relative(process.cwd(), dir);
  /** `pairKey`: the file's path in the folder, with `/`. */
  const add = (kind: Holds, pairKey: string) => files.push({ kind: { ...kind, locale } as EntryKind, path: join(dir, pairKey), file: join(base, pairKey), locale, pairKey });
  /** A missing English file names the French file it translates. */
  const missing = (path: string, what: string) =>
    frenchOf ? `fichier anglais manquant : il traduit ${frenchOf(path)} (même nom, sous en/)` : `fichier requis manquant (${what})`;

  const sitePath = join(dir, 'site.md');
  if (existsSync(sitePath)) add({ type: 'site' }, 'site.md');
  else issues.push({ file: name(sitePath), field: '', message: missing(sitePath, 'les faits de l’entreprise') });

  for (const sub of ['services', 'cities'] as const) {
    const folder = join(dir, sub);
    if (!existsSync(folder) && !frenchOf) {
      issues.push({ file: name(folder), field: '', message: 'dossier requis manquant' });
      continue;
    }
    if (!existsSync(folder)) continue;
    const kind = { type: sub === 'services' ? 'service' : 'city' } as const;
    for (const f of readdirSync(folder).filter((f) => f.endsWith('.md')).sort()) add(kind, `${sub}/${f}`);
  }

  const pagesDir = join(dir, 'pages');
  for (const page of pageNames) {
    const path = join(pagesDir, `${page}.md`);
    if (existsSync(path)) add({ type: 'page', page }, `pages/${page}.md`);
    else issues.push({ file: name(path), field: '', message: frenchOf ? missing(path, '') : `fichier de page requis manquant : créez content/pages/${page}.md (voir le dépôt pour son modèle)` });
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
