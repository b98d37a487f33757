import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

export interface ClientBundle {
  /** Output files keyed by their path under dist/ (e.g. `assets/entry-ab12.js`). */
  files: Map<string, Uint8Array>;
  /** URL of the entry script. */
  entry: string;
}

const ENTRY = fileURLToPath(new URL('../client/entry.ts', import.meta.url));

/** One ESM entry, split so each island's code (and sonner, zod) loads only where it is used. */
export async function bundleClient(): Promise<ClientBundle> {
  const result = await build({
    entryPoints: { entry: ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: '/assets',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    write: false,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  });
  const files = new Map<string, Uint8Array>();
  let entry = '';
  for (const file of result.outputFiles) {
    const url = file.path.slice(file.path.indexOf('/assets/'));
    files.set(url.slice(1), file.contents);
    if (/\/entry-[^/]+\.js$/.test(url)) entry = url;
  }
  if (!entry) throw new Error('esbuild produced no entry script');
  return { files, entry };
}
