// Plain JavaScript: the launcher runs this before any bundle exists, with nothing compiled.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * What each cached result depends on, as folders and files of the project. Parsed content depends
 * on the content code, the contracts it shares (src/shared) and the dependencies (the lock file pins every version); rendered pages and
 * the client bundle on all of src/ but the stylesheet, whose hash reaches every page through its
 * file name; a share card's name on its drawing code, the colours and the font (the lock file pins
 * its version); the CLI bundle on everything it is built from.
 */
export const FINGERPRINT_INPUTS = {
  content: { include: ['src/content', 'src/shared', 'package-lock.json'], exclude: ['src/shared/card'] },
  render: { include: ['src', 'package-lock.json'], exclude: ['src/styles'] },
  card: { include: ['src/shared/card', 'src/shared/settings.ts', 'package-lock.json'], exclude: [] },
  cli: { include: ['src', 'bin', 'package.json', 'package-lock.json'], exclude: [] },
};

/** A hash of the names and bytes of every file under `include`, `exclude` left out. */
export function fingerprint(root, { include, exclude }) {
  const hash = createHash('sha256');
  const skip = new Set(exclude.map((p) => join(root, p)));
  const visit = (path) => {
    if (skip.has(path) || !existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
      return;
    }
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const p of include) visit(join(root, p));
  return hash.digest('base64url').slice(0, 16);
}

export function engineFingerprints(root) {
  return {
    content: fingerprint(root, FINGERPRINT_INPUTS.content),
    render: fingerprint(root, FINGERPRINT_INPUTS.render),
    card: fingerprint(root, FINGERPRINT_INPUTS.card),
  };
}
