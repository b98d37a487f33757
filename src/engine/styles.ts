import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stylesheetPath } from '../shared/asset-names.ts';
import type { FileSet } from './file-set.ts';
import { contentHash } from '../shared/hash.ts';
import { PROJECT_ROOT } from './project-root.ts';

/** The stylesheet's URL and its minified text. */
export interface StyleMeta {
  url: string;
  text: string;
}

export const STYLES_SOURCE = join(PROJECT_ROOT, 'src/styles/site.css');

/**
 * The one stylesheet, minified: its text goes into each page's <style> (the page paints from its
 * first round trip, with no second request before it), and its file, named by its hash so it can
 * be cached forever, is what the editor's preview and the live preview's swap load.
 */
export async function buildStyles(source: string): Promise<FileSet<StyleMeta>> {
  const { transform } = await import('esbuild');
  const { code: minified } = await transform(source, { loader: 'css', minify: true, target: ['chrome100', 'safari15', 'firefox100'] });
  const code = tightCustomProperties(minified);
  // Inside <style>, this would end the element: the rest would be read as markup.
  if (/<\/style/i.test(code)) throw new Error('La feuille de style contient « </style », qui fermerait la balise <style> de chaque page.');
  const path = stylesheetPath(contentHash(code));
  return { files: new Map([[path, new TextEncoder().encode(code)]]), meta: { url: `/${path}`, text: code } };
}

/**
 * esbuild keeps a custom property's value as written, spaces included; the browser trims its
 * leading whitespace and reads `a, b` and `a,b` as the same tokens (quoted text is left alone).
 * Every page carries the sheet in its first round trip, where each byte counts.
 */
function tightCustomProperties(css: string): string {
  return css.replace(/(--[\w-]+):\s*([^;}]*)/g, (_, name: string, value: string) => `${name}:${value.replace(/("[^"]*"|'[^']*')|,\s+/g, (_match, quoted?: string) => quoted ?? ',')}`);
}

export function readStyles(path = STYLES_SOURCE): string {
  return readFileSync(path, 'utf8');
}
