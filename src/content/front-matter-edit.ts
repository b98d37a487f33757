import { dump } from 'js-yaml';
import { readYaml } from './yaml.ts';
import { type YamlNode, yamlNodes } from './yaml-nodes.ts';

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

type MapNode = Extract<YamlNode, { kind: 'map' }>;
type SeqNode = Extract<YamlNode, { kind: 'seq' }>;

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m;

/**
 * js-yaml writes what the editor adds, with the library that reads it. Strings the project writes
 * are double-quoted: plain ones would turn `07:00` or `oui` into other types. No folding.
 */
const WRITE = { quoteStyle: 'double', forceQuotes: true, lineWidth: -1 } as const;

function split(text: string): { head: string; yaml: string; body: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match || match.index !== 0) return { head: '', yaml: '', body: text };
  const yamlStart = text.indexOf('\n') + 1;
  return { head: text.slice(0, yamlStart), yaml: match[1]!, body: text.slice(match[0].length) };
}

/** The Markdown body of a content file, its header left unread. */
export function markdownBody(text: string): string {
  return split(text).body;
}

/** Reads a content file the way the build does: front-matter values plus the Markdown body. */
export function readMarkdown(text: string): MarkdownEntry {
  const { yaml, body } = split(text);
  const data = (yaml ? readYaml(yaml) : {}) as Record<string, unknown> | null;
  return { data: data ?? {}, body };
}

/** A new content file, for an entry that has no file yet. */
export function writeMarkdown(entry: MarkdownEntry): string {
  return `---\n${dump(withoutEmpty(entry.data), WRITE)}---\n${entry.body}`;
}

/**
 * The file `text` with its values replaced by `next`, rewriting only what changed: an edited value
 * is spliced in where the old one stood, in the same quoting style, so comments, key order, flow
 * or block style and every untouched line stay byte for byte (the editor's save is then a diff of
 * the lines it changed). An empty value (`''`, null, undefined) removes its key: optional fields
 * the editor cleared must vanish, not become `""` that the schema would refuse. The header's
 * nodes and their offsets come from the reader's own parser (yaml-nodes.ts).
 */
export function editMarkdown(text: string, next: MarkdownEntry): string {
  const { head, yaml, body } = split(text);
  if (!head) return writeMarkdown(next);
  const root = yamlNodes(yaml);
  const before = readYaml(yaml);
  const splices: Splice[] = [];
  if (root?.kind === 'map' && isRecord(before)) editMap(yaml, root, before, next.data, splices);
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

function withoutEmpty(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => !isEmpty(v)));
}

/** `inFlow`: the node stands inside `[ ]` or `{ }`, where a plain text may not hold `,` or brackets. */
function editNode(src: string, node: YamlNode, old: unknown, value: unknown, inFlow: boolean, splices: Splice[]): void {
  if (node.kind === 'scalar' && !isRecord(value) && !Array.isArray(value)) return editScalar(src, node, old, value, inFlow, splices);
  if (node.kind === 'map' && isRecord(old) && isRecord(value)) return editMap(src, node, old, value, splices);
  if (node.kind === 'seq' && Array.isArray(old) && Array.isArray(value)) return editSeq(src, node, old, value, splices);
  // The value changed shape (a text became a list): written in flow style, valid wherever it stands.
  splices.push(replace(src, node, flowText(value, padded(src, node))));
}

function editScalar(src: string, node: Extract<YamlNode, { kind: 'scalar' }>, old: unknown, value: unknown, inFlow: boolean, splices: Splice[]): void {
  if (old === value) return;
  const text = scalarText(node, value, inFlow);
  // An empty value (`photo:`) has no text of its own: the new one needs its space after the colon.
  splices.push(replace(src, node, node.start === node.end && src[node.start - 1] === ':' ? ` ${text}` : text));
}

function editMap(src: string, node: MapNode, old: Record<string, unknown>, value: Record<string, unknown>, splices: Splice[]): void {
  const key = (pair: MapNode['pairs'][number]) => (pair.key.kind === 'scalar' ? pair.key.text : '');
  const present = new Set(node.pairs.map(key));
  const removed = node.pairs.filter((p) => isEmpty(value[key(p)]));
  const added = Object.keys(value).filter((k) => !present.has(k) && !isEmpty(value[k]));
  if (node.flow && (removed.length || added.length)) return void splices.push(replace(src, node, flowText(withoutEmpty(value), padded(src, node))));
  for (const pair of node.pairs) {
    if (removed.includes(pair)) splices.push(lineSpan(src, pair.key.start, pair.value.end));
    else editNode(src, pair.value, old[key(pair)], value[key(pair)], node.flow, splices);
  }
  if (added.length) splices.push(appended(src, node, dump(Object.fromEntries(added.map((k) => [k, value[k]])), WRITE)));
}

/**
 * A list of the same length is edited item by item; a longer one keeps its items in place and
 * gets the new ones at its end; a shorter one that only lost items loses their lines. Anything
 * else, and any change of length in a flow list, is written anew in the list's own style.
 */
function editSeq(src: string, node: SeqNode, old: unknown[], value: unknown[], splices: Splice[]): void {
  const editItems = () => node.items.forEach((item, i) => editNode(src, item, old[i], value[i], node.flow, splices));
  if (value.length === old.length) return editItems();
  if (!node.flow && value.length > old.length) {
    editItems();
    return void splices.push(appended(src, node, dump(value.slice(old.length), WRITE)));
  }
  const survivors = node.flow ? undefined : survivingItems(old, value);
  if (survivors) return node.items.forEach((item, i) => void (survivors.has(i) || splices.push(lineSpan(src, item.start, item.end))));
  const indent = `\n${' '.repeat(column(src, node.start))}`;
  splices.push(replace(src, node, node.flow ? flowText(value, padded(src, node)) : dump(value, WRITE).trimEnd().replaceAll('\n', indent)));
}

/** The indexes of `old` that `value` keeps, in order and unchanged, if it only removed items. */
function survivingItems(old: unknown[], value: unknown[]): Set<number> | undefined {
  const kept = new Set<number>();
  let i = 0;
  for (const item of value) {
    const same = JSON.stringify(item);
    while (i < old.length && JSON.stringify(old[i]) !== same) i++;
    if (i === old.length) return undefined;
    kept.add(i++);
  }
  return kept;
}

/** `node` replaced by `text`. */
function replace(src: string, node: YamlNode, text: string): Splice {
  // A block scalar's text runs to its last line break, which the line after it still needs.
  return { start: node.start, end: node.end, text: src[node.end - 1] === '\n' ? `${text}\n` : text };
}

/** The whole lines from `start` to `end`, comments after the value included: a pair or a list item deleted. */
function lineSpan(src: string, start: number, end: number): Splice {
  return { start: src.lastIndexOf('\n', start - 1) + 1, end: endOfLine(src, end), text: '' };
}

/** Block `text` (new keys, new items) after the last line of `node`, at its indentation. */
function appended(src: string, node: YamlNode, text: string): Splice {
  const indent = ' '.repeat(column(src, node.start));
  const lines = text.replace(/\n$/, '').split('\n').map((line) => (line ? indent + line : line));
  const at = endOfLine(src, node.end);
  const lineBreak = at > 0 && src[at - 1] !== '\n' ? '\n' : '';
  return { start: at, end: at, text: `${lineBreak}${lines.join('\n')}\n` };
}

function endOfLine(src: string, offset: number): number {
  if (src[offset - 1] === '\n') return offset;
  const lineBreak = src.indexOf('\n', offset);
  return lineBreak < 0 ? src.length : lineBreak + 1;
}

/** Whether a flow collection is written with spaces inside its brackets, `{ lat: 1 }`, as the new one then is. */
function padded(src: string, node: YamlNode): boolean {
  return /^[[{] /.test(src.slice(node.start, node.start + 2));
}

function flowText(value: unknown, padding: boolean): string {
  return dump(value, { ...WRITE, flowLevel: 0, flowBracketPadding: padding }).trimEnd();
}

/**
 * A scalar in the style it had. A double-quoted string is written as JSON, which YAML reads as the
 * same double-quoted string and which keeps a line break as `\n` on the one line it edits.
 */
function scalarText(node: Extract<YamlNode, { kind: 'scalar' }>, value: unknown, inFlow: boolean): string {
  if (typeof value !== 'string') return dump(value, WRITE).trimEnd();
  if (node.style === 'single' && !value.includes('\n')) return `'${value.replaceAll("'", "''")}'`;
  if (node.style === 'plain') {
    // js-yaml quotes a text that would not read back as itself plain (`yes`, `07:00`, `a: b`).
    const plain = dump(value, { lineWidth: -1 }).trimEnd();
    if (!/^['"|>]/.test(plain) && !plain.includes('\n') && !(inFlow && /[,[\]{}]/.test(plain))) return plain;
  }
  return JSON.stringify(value);
}

function column(src: string, offset: number): number {
  return offset - (src.lastIndexOf('\n', offset - 1) + 1);
}
