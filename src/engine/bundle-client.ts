import type { BuildOptions, BuildResult, Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ASSETS_DIR, ASSETS_URL, ENTRY_NAME, isEntryScriptPath } from '../shared/asset-names.ts';
import type { FileSet } from './file-set.ts';
import { PROJECT_ROOT } from './project-root.ts';

const ENTRY = join(PROJECT_ROOT, 'src/client/entry.ts');

/** sonner's one statement that injects its stylesheet: `__insertCSS("…");` at the module's top level. */
const SONNER_INJECTION = /^__insertCSS\("(?:[^"\\]|\\.)*"\);$/m;

/**
 * sonner appends a <style> when imported, which a CSP without 'unsafe-inline' blocks (and reports).
 * Its module is loaded without that statement; the quote form links the same CSS, shipped by
 * sonner as dist/styles.css, as a hashed file. Fails the build if a new sonner injects otherwise.
 */
const sonnerWithoutInjectedStyle: Plugin = {
  name: 'sonner-without-injected-style',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const stripped = source.replace(SONNER_INJECTION, '');
      if (stripped === source || /(?<!function )__insertCSS\(/.test(stripped)) {
        throw new Error(`sonner injecte son style autrement qu'attendu (${path}) : revoir sonnerWithoutInjectedStyle.`);
      }
      return { contents: stripped, loader: 'js' };
    });
  },
};

/** One ESM entry, split so each island's code (and sonner, zod) loads only where it is used. */
const OPTIONS = {
  absWorkingDir: PROJECT_ROOT,
  entryPoints: { [ENTRY_NAME]: ENTRY },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  outdir: `/${ASSETS_DIR}`,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  // A stylesheet imported by client code becomes a hashed file beside the chunks; the import
  // returns its path relative to them.
  loader: { '.css': 'file' },
  assetNames: '[name]-[hash]',
  plugins: [sonnerWithoutInjectedStyle],
  write: false,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'silent',
} satisfies BuildOptions;

export type ClientBundle = FileSet<{ entry: string }>;

export async function bundleClient(): Promise<ClientBundle> {
  // Loaded here, not at start: a build that finds the bundle in its cache never needs esbuild.
  const { build } = await import('esbuild');
  return clientFiles(await build(OPTIONS));
}

/**
 * The client bundle kept ready by esbuild's incremental context (the live preview): `rebuild`
 * redoes only what changed since; `inputs` are the absolute paths of the sources it was made of.
 */
export async function clientContext(): Promise<{ rebuild(): Promise<ClientBundle & { inputs: Set<string> }>; dispose(): Promise<void> }> {
  const { context } = await import('esbuild');
  const ctx = await context({ ...OPTIONS, metafile: true });
  return {
    async rebuild() {
      const result = await ctx.rebuild();
      return { ...clientFiles(result), inputs: new Set(Object.keys(result.metafile.inputs).map((p) => join(PROJECT_ROOT, p))) };
    },
    dispose: () => ctx.dispose(),
  };
}

/**
 * The bundle as pages use it: the entry's code, which each page holds in a <script type="module">
 * (its imports of chunks made absolute, `/assets/chunk-….js`, since an inline script resolves them
 * against the page's address), and the chunks, the files dist/ serves. An inline entry spares
 * every page a request before its first paint, which Lighthouse's simulated LCP counted as
 * render-blocking (docs/build-and-cache.md).
 */
export function pageClient({ files, meta }: ClientBundle): { script: string; files: Map<string, Uint8Array> } {
  const entry = meta.entry.slice(1);
  const script = Buffer.from(files.get(entry)!)
    .toString('utf8')
    .replace(/(["'])\.\/([\w.-]+\.js)\1/g, (spec: string, quote: string, name: string) => (files.has(`${ASSETS_DIR}/${name}`) ? `${quote}${ASSETS_URL}${name}${quote}` : spec));
  if (/["']\.\.?\//.test(script) || /<\/script/i.test(script)) throw new Error(`esbuild a produit une entrée qu’une page ne peut pas contenir telle quelle (${entry}) : revoir pageClient.`);
  return { script, files: new Map([...files].filter(([path]) => path !== entry)) };
}

function clientFiles(result: BuildResult<{ write: false }>): ClientBundle {
  const files = new Map<string, Uint8Array>();
  let entry = '';
  for (const file of result.outputFiles) {
    const path = file.path.slice(file.path.indexOf(ASSETS_URL) + 1);
    files.set(path, file.contents);
    if (isEntryScriptPath(path)) entry = `/${path}`;
  }
  if (!entry) throw new Error('esbuild produced no entry script');
  return { files, meta: { entry } };
}
