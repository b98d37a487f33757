// Plain JavaScript: the launcher runs this before any bundle exists, with nothing compiled.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

/**
 * The code that computes each kind of cached result. A kind's fingerprint hashes the module graph
 * of its entries, as esbuild resolves it (type-only imports left out, as they change no value),
 * and the lock file's entries of every package the graph imports, with the packages those depend
 * on: a file or package the computation imports is in its key by construction, and one it does
 * not import cannot invalidate it (a new tool for the tests leaves every key as it was). Only the
 * entries are named here; a test changes each file of each graph and checks its kind moves.
 */
export const FINGERPRINT_ENTRIES = {
  // A content file's text made into its entry.
  content: ['src/content/parse-entry.ts', 'src/site/page-kinds.ts'],
  // A page from its route and the site data (the stylesheet's hash reaches it through its file name).
  render: ['src/render/render-page.tsx', 'src/engine/check-links.ts'],
  // A share card's drawing, part of each card's name: by Node, the build (--cards) and the local
  // servers alike.
  card: ['src/shared/card/draw-node.ts'],
  // The browser's bundle and the minified stylesheet (the sheet's own text is in its key too).
  assets: ['src/client/entry.ts', 'src/engine/bundle-client.ts', 'src/engine/styles.ts'],
  // What to replace before going live, from the files it reads (kept from one build to the next).
  checklist: ['src/content/launch-checklist.ts'],
  // A photo's encoded files, part of their names: a new encoder never serves the bytes of the old one under a name `_headers` marks immutable.
  photos: ['src/engine/photos/encoder.ts'],
};

/**
 * The engine itself, as its threads run it: the code that keys, stores and reuses every result.
 * What its graph holds beyond the kinds' graphs is in the environment's fingerprint.
 */
export const ENGINE_ENTRIES = ['src/engine/incremental/engine.ts', 'src/engine/incremental/threads/worker.ts', 'src/engine/incremental/threads/check-pages.ts', 'src/engine/incremental/threads/link-files.ts'];

/** The CLI bundle's folder, relative to the project, and the file that names the sources it was made from. */
export const CLI_DIR = '.cli';
export const CLI_STAMP = 'stamp';

/** The files of the CLI bundle (bin/cli-bundle.mjs): everything it may be built from, the patches npm ci applies to its dependencies and the compiler's settings included. */
export const CLI_INPUTS = { include: ['src', 'bin', 'patches', 'package.json', 'package-lock.json', 'tsconfig.json'], exclude: [] };

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
    // A package is pinned by its lock file entries, hashed with the graphs that import it.
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
    const packages = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const { path, external } of metafile.inputs[file]?.imports ?? []) {
        if (!external) visit(path);
        else if (!path.startsWith('node:')) packages.add(`${LOCK}#${packageName(path)}`);
      }
    };
    from.forEach(visit);
    return [...[...seen].sort(), ...[...packages].sort()];
  };
  return Object.fromEntries(Object.entries(entriesByKind).map(([kind, from]) => [kind, reached(from)]));
}

/** Where a graph's packages are pinned: `package-lock.json#satori` stands for satori's entries in it. */
const LOCK = 'package-lock.json';

/** `react/jsx-runtime` → `react`, `@resvg/resvg-js/x` → `@resvg/resvg-js`. */
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** `lock` gives the lock file's packages, read once for all the kinds hashed together. */
function hashFiles(root, files, lock = lockReader(root)) {
  const hash = createHash('sha256');
  for (const file of files) {
    const pkg = file.startsWith(`${LOCK}#`) ? file.slice(LOCK.length + 1) : undefined;
    hash.update(file).update('\0').update(pkg === undefined ? readFileSync(join(root, file)) : lockedTree(lock(), pkg)).update('\0');
  }
  return hash.digest('base64url').slice(0, 16);
}

function lockReader(root) {
  let packages;
  return () => (packages ??= existsSync(join(root, LOCK)) ? (JSON.parse(readFileSync(join(root, LOCK), 'utf8')).packages ?? {}) : {});
}

/**
 * The lock file's entries (path, version, integrity) of a package and of every package it depends
 * on, found as Node finds them: in the dependent's own node_modules first, then each folder up.
 * A name the lock does not hold (a Node built-in) pins nothing.
 */
function lockedTree(packages, name) {
  const found = new Map();
  const visit = (dependency, from) => {
    for (let base = from; ; base = base.includes('/node_modules/') ? base.slice(0, base.lastIndexOf('/node_modules/')) : '') {
      const path = `${base ? `${base}/` : ''}node_modules/${dependency}`;
      const entry = packages[path];
      if (entry) {
        if (found.has(path)) return;
        found.set(path, `${entry.version ?? ''} ${entry.integrity ?? entry.resolved ?? ''}`);
        for (const next of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) visit(next, path);
        return;
      }
      if (!base) return;
    }
  };
  visit(name, '');
  return [...found].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, pin]) => `${path} ${pin}`).join('\n');
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

/** Each kind's module graph: its files, then its packages (`package-lock.json#name`). */
export function fingerprintInputs(root) {
  return moduleGraphs(root);
}

/** Each kind's hash; `inputs`, when given, are graphs already followed (an edit that changes no import keeps them). */
export function engineFingerprints(root, inputs = fingerprintInputs(root)) {
  const lock = lockReader(root);
  return Object.fromEntries(Object.entries(inputs).map(([kind, files]) => [kind, hashFiles(root, files, lock)]));
}

/**
 * Each kind's hash, and the file inputs of the environment's fingerprint, from one esbuild pass:
 * the patches npm ci applies to packages (a patched package keeps its lock entry), the compiler's
 * settings, the lock file's entries of every package the engine reaches, and the engine's code
 * that no kind's graph holds (an edit there moves no kind, so it moves the environment).
 * Node's version is the runtime's own (environment.ts), never fixed in a bundle.
 */
export function engineKeys(root) {
  const { engine, ...kinds } = moduleGraphs(root, { ...FINGERPRINT_ENTRIES, engine: ENGINE_ENTRIES });
  const lock = lockReader(root);
  const inKinds = new Set(Object.values(kinds).flat());
  const isPackage = (file) => file.startsWith(`${LOCK}#`);
  return {
    fingerprints: engineFingerprints(root, kinds),
    environment: {
      patches: fingerprint(root, { include: ['patches'], exclude: [] }),
      tsconfig: fingerprint(root, { include: ['tsconfig.json'], exclude: [] }),
      lock: hashFiles(root, engine.filter(isPackage), lock),
      code: hashFiles(root, engine.filter((file) => !isPackage(file) && !inKinds.has(file)), lock),
    },
  };
}
