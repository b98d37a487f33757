// Plain JavaScript: the launcher runs this before any bundle exists, with nothing compiled.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

/**
 * The code that computes each kind of cached result. A kind's fingerprint hashes the module graph
 * of its entries, as esbuild resolves it (type-only imports left out, as they change no value),
 * and the lock file, which pins every package the graph imports: a file the computation imports is
 * in its key by construction, and a file it does not import cannot invalidate it. Only the entries
 * are named here; a test changes each file of each graph and checks its kind moves.
 */
export const FINGERPRINT_ENTRIES = {
  // A content file's text made into its entry.
  content: ['src/engine/pipeline/entries.ts'],
  // A page from its route and the site data (the stylesheet's hash reaches it through its file name).
  render: ['src/engine/pipeline/pages.ts'],
  // A share card's drawing, part of each card's name: by Node (the build, the local servers) and
  // by the Worker, which must draw the same bytes under the same name.
  card: ['src/shared/card/draw-node.ts', 'src/worker/share-card-route.ts'],
  // The browser's bundle and the minified stylesheet (the sheet's own text is in its key too).
  assets: ['src/client/entry.ts', 'src/engine/bundle-client.ts', 'src/engine/styles.ts'],
};

/** The files of the CLI bundle (bin/cli-bundle.mjs): everything it may be built from. */
export const CLI_INPUTS = { include: ['src', 'bin', 'package.json', 'package-lock.json'], exclude: [] };

/**
 * The project's files that each kind's entries import, directly or not, relative to `root`,
 * sorted: one esbuild pass over every entry, then each kind's imports followed in its metafile.
 * Every file an import reaches counts, even where tree shaking keeps none of its code: an edit
 * can make it count again (a constant esbuild inlines leaves no bytes of its own).
 */
export function moduleGraphs(root, entriesByKind = FINGERPRINT_ENTRIES) {
  // Loaded here, not at the top: a launch whose bundle is current never needs it.
  const { buildSync } = createRequire(import.meta.url)('esbuild');
  const entries = [...new Set(Object.values(entriesByKind).flat())];
  const { metafile } = buildSync({
    absWorkingDir: root,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    // A package is pinned by the lock file, hashed with every graph.
    packages: 'external',
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    outdir: join(root, '.fingerprint'),
    // Code that does not compile stops here, before the CLI bundle: say where, as the bundle would.
    logLevel: 'error',
  });
  const reached = (from) => {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const { path, external } of metafile.inputs[file]?.imports ?? []) if (!external) visit(path);
    };
    from.forEach(visit);
    return [...seen].sort();
  };
  return Object.fromEntries(Object.entries(entriesByKind).map(([kind, from]) => [kind, reached(from)]));
}

function hashFiles(root, files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  return hash.digest('base64url').slice(0, 16);
}

/** A hash of the names and bytes of every file under `include`, `exclude` left out. */
export function fingerprint(root, { include, exclude }) {
  const files = [];
  const skip = new Set(exclude.map((p) => join(root, p)));
  const visit = (path) => {
    if (skip.has(path) || !existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
      return;
    }
    files.push(relative(root, path));
  };
  for (const p of include) visit(join(root, p));
  return hashFiles(root, files);
}

/** Each kind's module graph, the lock file added to it. */
export function fingerprintInputs(root) {
  const lock = existsSync(join(root, 'package-lock.json')) ? ['package-lock.json'] : [];
  return Object.fromEntries(Object.entries(moduleGraphs(root)).map(([kind, files]) => [kind, [...files, ...lock]]));
}

/** Each kind's hash; `inputs`, when given, are graphs already followed (an edit that changes no import keeps them). */
export function engineFingerprints(root, inputs = fingerprintInputs(root)) {
  return Object.fromEntries(Object.entries(inputs).map(([kind, files]) => [kind, hashFiles(root, files)]));
}
