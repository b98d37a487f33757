// Plain JavaScript: a worker thread does not inherit the main thread's TypeScript loader.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLI_DIR, CLI_INPUTS, CLI_STAMP, fingerprint } from '../../fingerprint.mjs';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * Loads a build thread's code when the sources run as they are (tests). The CLI bundle holds the
 * same code compiled (the one the CLI's threads run), and is taken when its stamp names these very
 * sources (bin/cli-bundle.mjs makes it again at each launch and in the tests' setup). tsx
 * compiled the engine again in each thread: a two-thread build of the real site took 10.4 CPU-s
 * that way, 5.8 from the bundle. Without a current bundle, tsx compiles `source`.
 */
export async function loadThread(bundled, source) {
  const dir = join(ROOT, CLI_DIR);
  let stamp;
  try {
    stamp = readFileSync(join(dir, CLI_STAMP), 'utf8');
  } catch {
    // No bundle yet: the sources, below.
  }
  if (stamp !== undefined && stamp === fingerprint(ROOT, CLI_INPUTS)) return import(pathToFileURL(join(dir, bundled)).href);
  const { register } = await import('tsx/esm/api');
  register();
  return import(source);
}
