import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stylesheetPath } from '../shared/asset-names.ts';
import type { FileSet } from './incremental/assets.ts';
import { contentHash } from '../shared/hash.ts';
import { PROJECT_ROOT } from './project-root.ts';

export const STYLES_SOURCE = join(PROJECT_ROOT, 'src/styles/site.css');

/** The one stylesheet, minified and named by its hash so it can be cached forever. */
export async function buildStyles(source: string): Promise<FileSet<{ url: string }>> {
  const { transform } = await import('esbuild');
  const { code } = await transform(source, { loader: 'css', minify: true, target: ['chrome100', 'safari15', 'firefox100'] });
  const path = stylesheetPath(contentHash(code));
  return { files: new Map([[path, new TextEncoder().encode(code)]]), meta: { url: `/${path}` } };
}

export function readStyles(path = STYLES_SOURCE): string {
  return readFileSync(path, 'utf8');
}
