import { join } from 'node:path';
import type { FileSet } from './assets.ts';
import { PROJECT_ROOT } from './project-root.ts';

const ENTRY = join(PROJECT_ROOT, 'src/client/entry.ts');

/** One ESM entry, split so each island's code (and sonner, zod) loads only where it is used. */
export async function bundleClient(): Promise<FileSet<{ entry: string }>> {
  // Loaded here, not at start: a build that finds the bundle in its cache never needs esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
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
  return { files, meta: { entry } };
}
