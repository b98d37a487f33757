import { transform } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contentHash } from './hash.ts';

const SOURCE = fileURLToPath(new URL('../styles/site.css', import.meta.url));

/** The one stylesheet, minified and named by its hash so it can be cached forever. */
export async function buildStyles(): Promise<{ path: string; css: string }> {
  const { code } = await transform(readFileSync(SOURCE, 'utf8'), { loader: 'css', minify: true, target: ['chrome100', 'safari15', 'firefox100'] });
  return { path: `assets/site-${contentHash(code)}.css`, css: code };
}
