import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLI_DIR, CLI_INPUTS, CLI_STAMP, engineKeys, fingerprint } from '../src/engine/fingerprint.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, CLI_DIR);
/** The commands bundled for everyday use; the build's worker threads run worker.mjs, the thread that checks stored pages check-pages.mjs, the one that makes dist/'s links link-files.mjs. */
const ENTRIES = {
  build: 'src/cli/build.ts',
  start: 'src/cli/start.ts',
  serve: 'src/cli/serve.ts',
  new: 'src/cli/new.ts',
  dev: 'src/cli/dev.ts',
  cms: 'src/cli/cms.ts',
  admin: 'src/cli/admin.ts',
  worker: 'src/engine/incremental/threads/worker.ts',
  'check-pages': 'src/engine/incremental/threads/check-pages.ts',
  'link-files': 'src/engine/incremental/threads/link-files.ts',
  'prebuild-assets': 'src/engine/prebuild-assets.ts',
};
const COMMANDS = ['build', 'start', 'serve', 'dev', 'cms', 'admin', 'new', 'prepare'];

/**
 * The CLI bundle in .cli/, made anew when the hash of its sources (src/, bin/, patches/, package.json,
 * the lock file, tsconfig.json) is not the one it was made from. Checking costs a few milliseconds of hashing.
 */
export async function ensureCli() {
  const stamp = fingerprint(ROOT, CLI_INPUTS);
  const stampFile = join(OUT, CLI_STAMP);
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) await bundle(stamp);
  return { dir: OUT, commands: COMMANDS };
}

/**
 * gray-matter requires its own js-yaml 3 for its default engines, though every header goes to the
 * project's js-yaml 5 (src/content/yaml.ts, through gray-matter's `engines` option): the bundle
 * gives gray-matter a stand-in instead, so js-yaml 3 and the esprima it loads (a 280 KB parser,
 * ~20 ms in every process and build thread) are not in it, and no header can reach a second parser.
 */
const oneYamlParser = {
  name: 'one-yaml-parser',
  setup(builder) {
    builder.onResolve({ filter: /^js-yaml$/ }, ({ importer }) => (/gray-matter[\\/]lib[\\/]/.test(importer) ? { path: 'js-yaml-3', namespace: 'one-yaml-parser' } : undefined));
    builder.onLoad({ filter: /.*/, namespace: 'one-yaml-parser' }, () => ({
      contents: "const unused = () => { throw new Error('gray-matter lit l’en-tête par src/content/yaml.ts'); }; module.exports = { safeLoad: unused, safeDump: unused };",
      loader: 'js',
    }));
  },
};

async function bundle(stamp) {
  const { build } = await import('esbuild');
  const keys = engineKeys(ROOT);
  const staging = `${OUT}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await build({
      absWorkingDir: ROOT,
      entryPoints: ENTRIES,
      outdir: staging,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunk-[hash]',
      jsx: 'automatic',
      // esbuild, sharp and resvg load native binaries; the rest is bundled so Node resolves and
      // reads a few files instead of hundreds of small modules at every start.
      external: ['esbuild', 'sharp', '@resvg/resvg-js'],
      plugins: [oneYamlParser],
      // Some dependencies are CommonJS and call require(): give the ESM bundle one.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      define: {
        'process.env.NODE_ENV': '"production"',
        __BUNDLED__: 'true',
        __FINGERPRINTS__: JSON.stringify(keys.fingerprints),
        __ENVIRONMENT__: JSON.stringify(keys.environment),
      },
      legalComments: 'none',
      logLevel: 'warning',
    });
    // The browser's bundle and the stylesheet too, from the same sources: a build of content alone never runs esbuild.
    await import(`${pathToFileURL(join(staging, 'prebuild-assets.mjs')).href}?${stamp}`);
  } catch (error) {
    // A source that does not compile leaves no half-made bundle behind.
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(join(staging, CLI_STAMP), stamp);
  mkdirSync(dirname(OUT), { recursive: true });
  const old = `${OUT}.old-${process.pid}`;
  if (existsSync(OUT)) renameSync(OUT, old);
  renameSync(staging, OUT);
  rmSync(old, { recursive: true, force: true });
}
