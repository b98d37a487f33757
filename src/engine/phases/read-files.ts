import { resolve } from 'node:path';
import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import { ENGLISH_PAGE_FILES, PAGE_FILES } from '../../site/page-kinds.ts';
import { type ContentFile, listSiteFiles } from '../../content/content-files.ts';
import { mayNameAddress } from '../../content/launch-checklist.ts';
import type { BuildState } from '../build-state.ts';
import { digest } from '../digest.ts';
import { readWhole } from '../read-whole.ts';

export interface ReadFiles {
  /** In the folder's stable order: site.md, services, cities, pages; French, then English. */
  files: ContentFile[];
  /** Problems of the folder itself (a missing file, an unknown page). */
  issues: RuleDiagnostic[];
  /** Files whose bytes the last build did not see: about how many there are to parse. */
  changed: number;
  /** Paths of the files that may name an e-mail or web address: the launch checklist reads these again. */
  namingAddresses: ReadonlySet<string>;
}

/**
 * Lists the content folder and records the digest of each file's bytes in `state`. After a first
 * build, only the files named in `changed` are read again: the live preview knows what it saw
 * change, and the others are taken as they were.
 */
export function readFiles(contentDir: string, changed: Iterable<string> | undefined, state: BuildState): ReadFiles {
  const listed = listSiteFiles(contentDir, { fr: PAGE_FILES, en: ENGLISH_PAGE_FILES });
  const reread = changed ? new Set([...changed].map((p) => resolve(p))) : undefined;
  const hashes = new Map<string, string>();
  const namingAddresses = new Set<string>();
  let read = 0;
  let unchanged = 0;
  for (const f of listed.files) {
    const known = state.fileHashes.get(f.path);
    if (reread && known && !reread.has(f.path)) {
      hashes.set(f.path, known);
      if (state.namingAddresses.has(f.path)) namingAddresses.add(f.path);
      continue;
    }
    const bytes = readWhole(f.path);
    const hash = digest(bytes);
    hashes.set(f.path, hash);
    if (mayNameAddress(bytes)) namingAddresses.add(f.path);
    read++;
    if (state.wasRead(f.file, hash)) unchanged++;
  }
  state.fileHashes = hashes;
  state.namingAddresses = namingAddresses;
  return { files: listed.files, issues: listed.issues, changed: read - unchanged, namingAddresses };
}
