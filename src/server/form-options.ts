import type { QuoteOptions } from '../shared/quote/quote-options.ts';
import { parseFormOptions } from '../leads/form-options.ts';
import { fromFile, type SiteFiles } from './site-files.ts';

export { parseFormOptions };

/** The pages that carry the form, in the order they are read. */
const FORM_PAGES = ['contact.html', 'index.html'];

/**
 * The city and service options of the form that the site serves, read from the form's own props.
 * The receiver accepts what the visitor could pick, whatever content the site was built from,
 * including `npm run serve` of an older build: no second list to keep in step, nothing added to
 * the build. Read again whenever the page changes (a rebuild).
 */
export function formOptionsReader(files: SiteFiles): () => QuoteOptions | undefined {
  const readers = FORM_PAGES.map((page) => fromFile(files, page, (bytes) => parseFormOptions(Buffer.from(bytes).toString('utf8'))));
  return () => {
    for (const read of readers) {
      const options = read();
      if (options) return options;
    }
    return undefined;
  };
}
