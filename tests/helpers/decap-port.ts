import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DECAP_SERVER_PORT } from '../../src/shared/settings.ts';

const LOCK = join(tmpdir(), `arbo-decap-${DECAP_SERVER_PORT}.lock`);
/** A holder gone for this long (a killed test run) no longer holds the port. */
const STALE_MS = 5 * 60_000;

/**
 * decap-server always listens on one port (the editor's bundle names it), and test files run side
 * by side: each file that starts `npm run cms` holds this lock meanwhile. Returns its release.
 */
export async function holdDecapPort(timeoutMs = 180_000): Promise<() => void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(LOCK);
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })!.mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > until) throw new Error(`le port ${DECAP_SERVER_PORT} de decap-server est pris depuis ${timeoutMs / 1000} s (${LOCK})`);
      await new Promise((wait) => setTimeout(wait, 200));
    }
  }
}
