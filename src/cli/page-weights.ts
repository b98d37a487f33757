import { posix } from 'node:path';
import { weigh, type PageKindWeight } from './github.ts';

/** One page standing for its kind in the job summary, by its file under dist/. */
export interface PageSample {
  kind: string;
  file: string;
}

type Files = ReadonlyMap<string, string | Uint8Array>;

const text = (body: string | Uint8Array | undefined) => (body === undefined ? '' : typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
/** A root-relative URL of the page as a file of dist/. */
const fileOf = (url: string) => url.replace(/^\//, '').split(/[?#]/)[0]!;

/**
 * What a visitor downloads for a page once every island on it woke: the page, its stylesheets
 * (not those inside <noscript>), its module scripts (files, or inline like the islands' entry)
 * with every chunk they import, the chunk of each island present, and the stylesheets those
 * chunks link (sonner's, with the form).
 */
export function pageDownloads(files: Files, file: string): { html: string[]; css: string[]; js: string[] } {
  const page = text(files.get(file)).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const islands = new Set([...page.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1]!));
  const css = new Set(
    [...page.matchAll(/<link\b[^>]*>/g)].filter((m) => /\brel="stylesheet"/.test(m[0])).map((m) => fileOf(/\bhref="([^"]+)"/.exec(m[0])?.[1] ?? '')),
  );
  const js = new Set<string>();
  // `from`: the file the code is in (its `./` imports are beside it), or the page for inline code (its imports are absolute).
  const scan = (code: string, from: string) => {
    const at = (spec: string) => (spec.startsWith('/') ? fileOf(spec) : posix.join(posix.dirname(from), spec));
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']((?:\.|\/)[^"']*\.js)["']/g)) follow(at(m[1]!));
    for (const m of code.matchAll(/["']?([\w-]+)["']?\s*:\s*\(\)\s*=>\s*import\(\s*["']((?:\.|\/)[^"']*\.js)["']\s*\)/g)) if (islands.has(m[1]!)) follow(at(m[2]!));
    for (const m of code.matchAll(/["']((?:\.|\/)[^"']*\.css)["']/g)) css.add(at(m[1]!));
  };
  const follow = (chunk: string) => {
    if (js.has(chunk) || !files.has(chunk)) return;
    js.add(chunk);
    scan(text(files.get(chunk)), chunk);
  };
  for (const m of page.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) follow(fileOf(m[1]!));
  for (const m of page.matchAll(/<script type="module">(.*?)<\/script>/gs)) scan(m[1]!, file);
  const present = (list: Iterable<string>) => [...list].filter((f) => f !== '' && files.has(f));
  return { html: [file], css: present(css), js: [...js] };
}

/** HTML / CSS / JS bytes, raw and brotli, of one sample page per kind: the job summary's table. */
export function pageWeights(files: Files, samples: readonly PageSample[]): PageKindWeight[] {
  return samples.map(({ kind, file }) => {
    const downloads = pageDownloads(files, file);
    const bodies = (list: string[]) => list.map((f) => files.get(f)!);
    return { kind, html: weigh(bodies(downloads.html)), css: weigh(bodies(downloads.css)), js: weigh(bodies(downloads.js)) };
  });
}

/** What the first round trip can carry: a TCP initial window of 10 segments, ~14.6 KB, less headers. */
export const FIRST_ROUND_TRIP_BYTES = 14 * 1024;

/** The bytes a page needs before it can paint: its HTML and its render-blocking stylesheets (not those inside <noscript>). */
export function firstPaintFiles(files: Files, file: string): string[] {
  const page = text(files.get(file)).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const css = [...page.matchAll(/<link\b[^>]*>/g)].filter((m) => /\brel="stylesheet"/.test(m[0])).map((m) => fileOf(/\bhref="([^"]+)"/.exec(m[0])?.[1] ?? ''));
  return [file, ...css.filter((f) => files.has(f))];
}
