import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ContentFile, listSiteFiles } from '../../content/content-files.ts';
import { mayNameAddress } from '../../content/launch-checklist.ts';
import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import { ENGLISH_PAGE_FILES, PAGE_FILES } from '../../site/page-kinds.ts';

/** The content folder as values: everything the pipeline reads of it, once. */
export interface SourceFiles {
  /** In the folder's stable order: site.md, services, cities, pages; French, then English. */
  files: ContentFile[];
  /** Problems of the folder itself (a missing file, an unknown page). */
  issues: RuleDiagnostic[];
  /** Each file's text. */
  texts: Map<ContentFile, string>;
  /** Paths of the files that may name an e-mail or web address: the launch checklist reads these. */
  namingAddresses: Set<string>;
}

/** The first phase: the content files listed (src/site/page-kinds.ts says which pages a site has) and read. */
export function readSourceFiles(contentDir: string): SourceFiles {
  const { files, issues } = listSiteFiles(resolve(contentDir), { fr: PAGE_FILES, en: ENGLISH_PAGE_FILES });
  const texts = new Map<ContentFile, string>();
  const namingAddresses = new Set<string>();
  for (const f of files) {
    const bytes = readFileSync(f.path);
    texts.set(f, bytes.toString('utf8'));
    if (mayNameAddress(bytes)) namingAddresses.add(f.path);
  }
  return { files, issues, texts, namingAddresses };
}
