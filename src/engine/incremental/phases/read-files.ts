import { resolve } from 'node:path';
import type { RuleDiagnostic } from '../../../shared/diagnostic.ts';
import { ENGLISH_PAGE_FILES, PAGE_FILES } from '../../../site/page-kinds.ts';
import { type ContentFile, listSiteFiles } from '../../../content/content-files.ts';
import { mayNameAddress } from '../../../content/launch-checklist.ts';
import type { BuildState } from '../build-state.ts';
import { digest } from '../../digest.ts';
import { fileStamp } from '../../file-stamp.ts';
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
export function readFiles(contentDir: string, changed: Iterable<string> | undefined, state: BuildState): ReadFiles {
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
