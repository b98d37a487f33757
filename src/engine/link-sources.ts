import { readFileSync } from 'node:fs';
import type { ContentFile } from '../content/content-files.ts';
import { closest } from '../shared/closest.ts';
import type { LinkDiagnostic } from '../shared/diagnostic.ts';
import type { BrokenLink } from './check-links.ts';

/**
 * Where each broken link comes from, so the editor is sent to the line to fix: every line of the
 * first content file whose text holds the target, the page's own file first, then site.md, then
 * the others in folder order. One line written once is reported once, with every page it breaks
 * (a footer link of site.md breaks them all), and the site's addresses closest to what was written.
 * A target no content file holds was made by a template, and says so by having no file. Runs only
 * when a build fails, so reading the files again costs nothing worth saving.
 */
export function locateLinkSources(
  broken: readonly BrokenLink[],
  files: readonly ContentFile[],
  ownFile: (page: string) => string | undefined,
  baseUrl: string,
  addresses: readonly string[],
): LinkDiagnostic[] {
  const texts = new Map<string, string>();
  const text = (f: ContentFile) => {
    let t = texts.get(f.path);
    if (t === undefined) texts.set(f.path, (t = readFileSync(f.path, 'utf8')));
    return t;
  };
  const found = new Map<string, LinkDiagnostic>();
  for (const link of broken) {
    const own = ownFile(link.page);
    const order = [...files].sort((a, b) => rank(a, own) - rank(b, own));
    const near = nearAddresses(readable(sitePath(link.target, baseUrl)), addresses);
    const places = order.map((f) => ({ f, at: occurrences(text(f), spellings(link.target, baseUrl)) })).find(({ at }) => at.length > 0);
    for (const place of places ? places.at.map((p) => ({ file: places.f.file, ...p })) : [{}]) {
      const key = JSON.stringify([link.target, place]);
      const seen = found.get(key);
      if (seen) seen.pages.push(link.page);
      else found.set(key, { kind: 'link', pages: [link.page], target: link.target, near, ...place });
    }
  }
  return [...found.values()];
}

function rank(f: ContentFile, own: string | undefined): number {
  if (f.file === own) return 0;
  return f.kind.type === 'site' ? 1 : 2;
}

function sitePath(target: string, baseUrl: string): string {
  return target.startsWith(baseUrl) ? target.slice(baseUrl.length) || '/' : target;
}

function readable(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The addresses of the site an editor most likely meant: a typo away (`/abattage-aylmr`), or
 * ending in what was written (`/hull` → `/abattage-hull`). Nearest first, three at most.
 */
export function nearAddresses(written: string, addresses: readonly string[]): string[] {
  const path = written.replace(/[?#].*$/, '').replace(/\/$/, '') || '/';
  const last = path.split('/').at(-1)!.toLowerCase();
  const typos = closest(path, addresses);
  const endings = last.length >= 3 ? addresses.filter((a) => a.toLowerCase().endsWith(last) && a !== path) : [];
  return [...new Set([...typos, ...endings])].slice(0, 3);
}

/** How an editor may have written the target: as the page has it, without the site's address, unescaped. */
function spellings(target: string, baseUrl: string): string[] {
  const path = sitePath(target, baseUrl);
  const forms = [target, path];
  for (const form of [target, path]) {
    try {
      forms.push(decodeURI(form));
    } catch {
      // A malformed escape is matched as written.
    }
  }
  return [...new Set(forms)].filter((f) => f.length > 1);
}

/**
 * Each line of `text` that writes the target, at its first spelling found there. A longer address
 * that merely starts with it (`/zones` inside `/zones/hull`) is not the link.
 */
function occurrences(text: string, needles: readonly string[]): { line: number; column: number }[] {
  const lines = new Map<number, { line: number; column: number }>();
  for (const needle of needles) {
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      if (/[\w\-/%]/.test(text[at + needle.length] ?? '')) continue;
      const place = position(text, at);
      if (!lines.has(place.line)) lines.set(place.line, place);
    }
  }
  return [...lines.values()].sort((a, b) => a.line - b.line);
}

function position(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: at - start + 1 };
}
