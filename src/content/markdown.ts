import { remark } from 'remark';
import remarkHtml from 'remark-html';
import { defaultSchema, type Schema } from 'hast-util-sanitize';

/**
 * What survives in HTML made from Markdown. It is GitHub's schema (raw HTML, `on*` attributes
 * and `javascript:` URLs are dropped) plus `tel:` links, so editors can write tap-to-call links.
 */
export const sanitizeSchema: Schema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    href: [...(defaultSchema.protocols?.href ?? []), 'tel'],
  },
};

const processor = remark().use(remarkHtml, { sanitize: sanitizeSchema }).freeze();

export function markdownToHtml(markdown: string): string {
  return String(processor.processSync(markdown)).trim();
}
