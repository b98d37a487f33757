import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuiltSite, type EngineOptions, fastBuild, type FastBuiltSite } from '../../src/engine/index.ts';

/** Builds the real content into a fresh temporary dist/ (or `outDir`), as `npm run build` writes it, and returns both. */
export async function buildToTemp(options: Partial<EngineOptions> = {}): Promise<FastBuiltSite & { dir: string }> {
  const dir = options.outDir ?? join(mkdtempSync(join(tmpdir(), 'site-')), 'dist');
  const site = await fastBuild({ contentDir: 'content', ...options, outDir: dir });
  return { ...site, dir };
}

export const html = (site: BuiltSite, file: string): string => {
  const body = site.files.get(file);
  if (typeof body !== 'string') throw new Error(`no HTML file ${file} in the build`);
  return body;
};

/** The JSON-LD blocks of a page, parsed. */
export function jsonLdBlocks(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** What a visitor reads: the text of <body> without scripts and tags. */
export function visibleText(page: string): string {
  return page
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    // Inline tags join the words around them; any other tag separates.
    .replace(/<\/?(?:a|strong|em|span|code)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
