import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { QuoteOptions } from '../islands/quote-form/quote-options.ts';

const FORM_PROPS = /<script type="application\/json" data-island-props="quote-form-[^"]*">([\s\S]*?)<\/script>/;

/** The pages that carry the form, in the order they are read. */
const FORM_PAGES = ['contact.html', 'index.html'];

/**
 * The city and service options of the form that `root` (a built dist/) serves, read from the form's
 * own props. The receiver accepts what the visitor could pick, whatever content dist/ was built
 * from, including `npm run serve` of an older build: no second list to keep in step, nothing added
 * to the build. Read again whenever the page changes (a rebuild).
 */
export function formOptionsReader(root: string): () => QuoteOptions | undefined {
  let cached: { file: string; mtimeMs: number; options: QuoteOptions | undefined } | undefined;
  return () => {
    const file = FORM_PAGES.map((f) => join(root, f)).find((f) => existsSync(f));
    if (!file) return undefined;
    const { mtimeMs } = statSync(file);
    if (cached?.file !== file || cached.mtimeMs !== mtimeMs) cached = { file, mtimeMs, options: parseFormOptions(readFileSync(file, 'utf8')) };
    return cached.options;
  };
}

export function parseFormOptions(html: string): QuoteOptions | undefined {
  const json = html.match(FORM_PROPS)?.[1];
  if (!json) return undefined;
  const { cities, services } = JSON.parse(json) as Partial<QuoteOptions>;
  return Array.isArray(cities) && Array.isArray(services) ? { cities, services } : undefined;
}
