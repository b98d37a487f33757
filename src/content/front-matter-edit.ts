import { Document, isMap, isScalar, isSeq, parseDocument, type Node, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { readYaml } from './yaml.ts';

/** A Markdown content file as the editor sees it: its front-matter values and its body. */
export interface MarkdownEntry {
  data: Record<string, unknown>;
  body: string;
}

interface Splice {
  start: number;
  end: number;
  text: string;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m;

/** Strings the project writes are double-quoted; plain ones would turn `07:00` or `oui` into other types. */
const STRING_STYLE = { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 } as const;

function split(text: string): { head: string; yaml: string; body: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match || match.index !== 0) return { head: '', yaml: '', body: text };
  const yamlStart = text.indexOf('\n') + 1;
  return { head: text.slice(0, yamlStart), yaml: match[1]!, body: text.slice(match[0].length) };
}

/** Reads a content file the way the build does: front-matter values plus the Markdown body. */
export function readMarkdown(text: string): MarkdownEntry {
  const { yaml, body } = split(text);
  const data = (yaml ? readYaml(yaml) : {}) as Record<string, unknown> | null;
  return { data: data ?? {}, body };
}

/** A new content file, for an entry that has no file yet. */
export function writeMarkdown(entry: MarkdownEntry): string {
  const data = Object.fromEntries(Object.entries(entry.data).filter(([, v]) => !isEmpty(v)));
  return `---\n${new Document(data).toString(STRING_STYLE)}---\n${entry.body}`;
}

/**
 * The file `text` with its values replaced by `next`, rewriting only what changed: an edited value
 * is spliced in where the old one stood, in the same quoting style, so comments, key order, flow
 * or block style and every untouched line stay byte for byte (the editor's save is then a diff of
 * the lines it changed). An empty value (`''`, null, undefined) removes its key: optional fields
 * the editor cleared must vanish, not become `""` that the schema would refuse.
 */
export function editMarkdown(text: string, next: MarkdownEntry): string {
  const { head, yaml, body } = split(text);
  if (!head) return writeMarkdown(next);
  const doc = parseDocument(yaml, { keepSourceTokens: false });
  const splices: Splice[] = [];
  if (isMap(doc.contents)) editMap(doc, yaml, doc.contents, next.data, splices);
  const edited = splices.sort((a, b) => b.start - a.start).reduce((s, e) => s.slice(0, e.start) + e.text + s.slice(e.end), yaml);
  const closing = text.slice(head.length + yaml.length, text.length - body.length);
  return head + edited + closing + (next.body === body ? body : next.body);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function editNode(doc: Document, src: string, node: Node, value: unknown, splices: Splice[]): void {
  if (isScalar(node) && !isRecord(value) && !Array.isArray(value)) return editScalar(src, node, value, splices);
  if (isMap(node) && isRecord(value)) return editMap(doc, src, node, value, splices);
  if (isSeq(node) && Array.isArray(value)) {
    if (node.items.length === value.length) return node.items.forEach((item, i) => editNode(doc, src, item as Node, value[i], splices));
    return rerender(src, assign(doc, node, value), node, splices);
  }
  // The value changed shape (a text became a list): written in flow style, valid wherever it stands.
  const replacement = doc.createNode(value, { flow: true });
  splices.push({ start: node.range![0], end: node.range![1], text: render(replacement, src, node) });
}

function editScalar(src: string, node: Scalar, value: unknown, splices: Splice[]): void {
  if (node.value === value) return;
  const inFlow = /^[[{,]/.test(previousSignificant(src, node.range![0]));
  splices.push({ start: node.range![0], end: node.range![1], text: scalarText(node, value, inFlow) });
}

function editMap(doc: Document, src: string, node: YAMLMap, value: Record<string, unknown>, splices: Splice[]): void {
  const pairs = node.items as Pair<Scalar, Node>[];
  const present = new Set(pairs.map((p) => String(p.key.value)));
  const removed = pairs.filter((p) => isEmpty(value[String(p.key.value)]));
  const added = Object.keys(value).filter((k) => !present.has(k) && !isEmpty(value[k]));
  if (node.flow && (removed.length || added.length)) return rerender(src, assign(doc, node, value), node, splices);
  for (const pair of pairs) {
    if (removed.includes(pair)) splices.push(pairSpan(src, pair));
    else if (pair.value) editNode(doc, src, pair.value, value[String(pair.key.value)], splices);
  }
  if (added.length) splices.push(addedPairs(src, node, Object.fromEntries(added.map((k) => [k, value[k]]))));
}

/** The whole lines a block pair spans, from its key to the end of its value. */
function pairSpan(src: string, pair: Pair<Scalar, Node>): Splice {
  const start = src.lastIndexOf('\n', pair.key.range![0] - 1) + 1;
  const valueEnd = pair.value?.range?.[2] ?? pair.key.range![2];
  const end = src[valueEnd - 1] === '\n' ? valueEnd : src.indexOf('\n', valueEnd) + 1 || src.length;
  return { start, end, text: '' };
}

/** New keys go at the end of their block map, at its indentation. */
function addedPairs(src: string, node: YAMLMap, values: Record<string, unknown>): Splice {
  const end = node.range![1];
  const indent = ' '.repeat(column(src, node.range![0]));
  const lines = new Document(values).toString(STRING_STYLE).replace(/\n$/, '').split('\n');
  const text = lines.map((line) => (line ? indent + line : line)).join('\n') + '\n';
  const atLineStart = end === 0 || src[end - 1] === '\n';
  return { start: end, end, text: atLineStart ? text : `\n${text}` };
}

/** Writes `value` into the document's node in place (keeping each kept node's style) and returns the node to print. */
function assign(doc: Document, node: Node, value: unknown): Node {
  if (isScalar(node) && !isRecord(value) && !Array.isArray(value)) {
    node.value = value;
    return node;
  }
  if (isMap(node) && isRecord(value)) {
    for (const pair of [...node.items] as Pair<Scalar, Node>[]) {
      const key = String(pair.key.value);
      if (isEmpty(value[key])) node.delete(key);
      else pair.value = pair.value ? assign(doc, pair.value, value[key]) : doc.createNode(value[key]);
    }
    for (const key of Object.keys(value)) if (!node.has(key) && !isEmpty(value[key])) node.set(key, doc.createNode(value[key]));
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    const seq = node as YAMLSeq<Node>;
    seq.items = value.map((v, i) => (i < seq.items.length ? assign(doc, seq.items[i]!, v) : doc.createNode(v)));
    return seq;
  }
  return doc.createNode(value, { flow: true });
}

function rerender(src: string, printed: Node, original: Node, splices: Splice[]): void {
  splices.push({ start: original.range![0], end: original.range![1], text: render(printed, src, original) });
}

/** A node printed to stand where `original` stood: same column, same flow padding. */
function render(node: Node, src: string, original: Node): string {
  const start = original.range![0];
  const padded = /^[[{] /.test(src.slice(start, start + 2));
  const printed = new Document(null);
  printed.contents = node;
  const text = printed.toString({ ...STRING_STYLE, flowCollectionPadding: padded });
  const indent = ' '.repeat(column(src, start));
  const body = text.replace(/\n(?=.)/g, `\n${indent}`);
  return src[original.range![1] - 1] === '\n' ? body : body.replace(/\n$/, '');
}

/**
 * A scalar in the style it had. A double-quoted string is written as JSON, which YAML reads as the
 * same double-quoted string and which keeps a line break as `\n` on the one line it edits.
 */
function scalarText(node: Scalar, value: unknown, inFlow: boolean): string {
  if (typeof value !== 'string') return new Document(value).toString(STRING_STYLE).trimEnd();
  if (node.type === 'QUOTE_SINGLE' && !value.includes('\n')) return `'${value.replaceAll("'", "''")}'`;
  if (node.type === 'PLAIN') {
    const plain = new Document(value).toString({ ...STRING_STYLE, defaultStringType: 'PLAIN' }).trimEnd();
    if (!plain.includes('\n') && !(inFlow && /[,[\]{}]/.test(plain))) return plain;
  }
  return JSON.stringify(value);
}

function column(src: string, offset: number): number {
  return offset - (src.lastIndexOf('\n', offset - 1) + 1);
}

function previousSignificant(src: string, offset: number): string {
  return src.slice(0, offset).trimEnd().slice(-1);
}
