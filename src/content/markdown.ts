import type { Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { remark } from 'remark';
import remarkHtml from 'remark-html';
import { defaultSchema, type Schema } from 'hast-util-sanitize';
import { type Contacts, contactPieces } from './contact-links.ts';

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

const plain = remark().use(remarkHtml, { sanitize: sanitizeSchema }).freeze();
/** One frozen processor per site: building one is far slower than running it. */
const withContacts = new WeakMap<Contacts, typeof plain>();

/** `contacts`: the phone number and e-mail written in the text become links (not inside links). */
export function markdownToHtml(markdown: string, contacts?: Contacts): string {
  return String(processorFor(contacts).processSync(markdown)).trim();
}

function processorFor(contacts: Contacts | undefined): typeof plain {
  if (!contacts) return plain;
  let processor = withContacts.get(contacts);
  if (!processor) {
    processor = remark().use(linkContacts, contacts).use(remarkHtml, { sanitize: sanitizeSchema }).freeze();
    withContacts.set(contacts, processor);
  }
  return processor;
}

function linkContacts(contacts: Contacts) {
  const visit = (node: Parent): void => {
    node.children = node.children.flatMap((child): RootContent[] => {
      if (child.type === 'text') {
        return contactPieces(child.value, contacts).map(
          (piece): PhrasingContent =>
            piece.href ? { type: 'link', url: piece.href, children: [{ type: 'text', value: piece.text }] } : { type: 'text', value: piece.text },
        );
      }
      if (child.type !== 'link' && child.type !== 'linkReference' && 'children' in child) visit(child);
      return [child];
    }) as Parent['children'];
  };
  return (tree: Root) => visit(tree);
}
