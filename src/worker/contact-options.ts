import { parseFormOptions } from '../leads/form-options.ts';
import type { QuoteOptions } from '../shared/quote/quote-options.ts';
import type { Env } from './env.ts';

/** The form's choices, read once per isolate from the contact page the Worker serves. */
let options: Promise<QuoteOptions> | undefined;

/**
 * The form's choices (what the receiver accepts, and the labels the owner's e-mails show), or
 * undefined when /contact cannot be read now: a failed read is not kept, the next call reads
 * again. The assets answer by path: the queue and the cron, which have no request, ask any origin.
 */
export function formOptions(env: Env, origin = 'https://assets.invalid'): Promise<QuoteOptions | undefined> {
  options ??= env.ASSETS.fetch(new URL('/contact', origin).toString()).then(async (r) => {
    const found = r.ok ? parseFormOptions(await r.text()) : undefined;
    if (!found) throw new Error(`/contact illisible (${r.status})`);
    return found;
  });
  return options.catch(() => {
    options = undefined;
    return undefined;
  });
}
