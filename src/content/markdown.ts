import type { Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { remark } from 'remark';
import remarkHtml from 'remark-html';
import { defaultSchema, type Schema } from 'hast-util-sanitize';
import type { VFile } from 'vfile';
import { type Contacts, contactPieces } from '../shared/contact-links.ts';
import { type BodyPhoto, type BodyPhotoProblem, collectPhotos, type PhotoData } from './photo-refs.ts';

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

const plain = remark().use(collectPhotos).use(flagRemovedAddresses).use(remarkHtml, { sanitize: sanitizeSchema }).freeze();
/** One frozen processor per site: building one is far slower than running it. */
const withContacts = new WeakMap<Contacts, typeof plain>();

/** `contacts`: the phone number and e-mail written in the text become links (not inside links). */
export function markdownToHtml(markdown: string, contacts?: Contacts): string {
  return renderMarkdown(markdown, contacts).html;
}

/** A link or image whose address the sanitizer removes, where it is in the Markdown (1-based). */
export interface RemovedAddress {
  url: string;
  line: number;
  column: number;
}

export interface RenderedMarkdown {
  html: string;
  removed: RemovedAddress[];
  /** The photos of content/ it shows, each left as a marker in `html` (src/content/photo-refs.ts). */
  photos: BodyPhoto[];
  photoProblems: BodyPhotoProblem[];
}

/**
 * The HTML, and the links and images whose address sanitizing removes: they would reach the
 * page as dead text that looks like a link (`<a>clic</a>`), so the build reports them.
 * `markdownFile`, the file's path inside content/, is what its photo paths are relative to.
 */
export function renderMarkdown(markdown: string, contacts?: Contacts, markdownFile = 'site.md'): RenderedMarkdown {
  const file = processorFor(contacts).processSync({ value: markdown, data: { markdownFile } });
  const removed = file.messages.map((m) => ({ url: String(m.reason), line: m.line ?? 1, column: m.column ?? 1 }));
  const { photos = [], photoProblems = [] } = file.data as Partial<PhotoData>;
  return { html: String(file).trim(), removed, photos, photoProblems };
}

function processorFor(contacts: Contacts | undefined): typeof plain {
  if (!contacts) return plain;
  let processor = withContacts.get(contacts);
  if (!processor) {
    processor = remark().use(collectPhotos).use(flagRemovedAddresses).use(linkContacts, contacts).use(remarkHtml, { sanitize: sanitizeSchema }).freeze();
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

/** Whether the sanitizer keeps `url`: relative, or with one of the schema's protocols (its own test). */
function keepsAddress(url: string, protocols: readonly string[]): boolean {
  const colon = url.indexOf(':');
  const before = (c: string) => {
    const at = url.indexOf(c);
    return at > -1 && colon > at;
  };
  if (colon < 0 || before('/') || before('?') || before('#')) return true;
  return protocols.includes(url.slice(0, colon).toLowerCase());
}

function flagRemovedAddresses() {
  const href = sanitizeSchema.protocols?.href ?? [];
  const src = sanitizeSchema.protocols?.src ?? [];
  const visit = (node: Root | RootContent, file: VFile): void => {
    if ((node.type === 'link' || node.type === 'definition') && !keepsAddress(node.url, href)) file.message(node.url, node);
    if (node.type === 'image' && !keepsAddress(node.url, src)) file.message(node.url, node);
    if ('children' in node) for (const child of node.children) visit(child, file);
  };
  return (tree: Root, file: VFile) => visit(tree, file);
}
