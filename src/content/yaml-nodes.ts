import { COLLECTION_STYLE, type Event, EVENT_ID, getScalarValue, parseEvents, SCALAR_STYLE, type ScalarEvent } from 'js-yaml';

/** How a scalar is written: the editor rewrites an edited value in the style it had. */
export type ScalarStyle = 'plain' | 'single' | 'double' | 'block';

/** A node of a YAML text with its offsets in that text, `end` excluded: where problems are shown and edits spliced. */
export type YamlNode =
  | { kind: 'scalar'; start: number; end: number; style: ScalarStyle; text: string }
  | { kind: 'map'; start: number; end: number; flow: boolean; pairs: { key: YamlNode; value: YamlNode }[] }
  | { kind: 'seq'; start: number; end: number; flow: boolean; items: YamlNode[] };

const STYLES: Record<number, ScalarStyle> = {
  [SCALAR_STYLE.PLAIN]: 'plain',
  [SCALAR_STYLE.SINGLE_QUOTED]: 'single',
  [SCALAR_STYLE.DOUBLE_QUOTED]: 'double',
  [SCALAR_STYLE.LITERAL_BLOCK]: 'block',
  [SCALAR_STYLE.FOLDED_BLOCK]: 'block',
};

/**
 * The nodes of a YAML text (its first document), from js-yaml's event stream, the same parser
 * that reads the values (yaml.ts): its events carry offsets, its values do not. Throws on a syntax
 * error, as reading the values does. `null` for a text with no node.
 */
export function yamlNodes(source: string): YamlNode | null {
  const events = parseEvents(source, {});
  let at = 0;
  let end = 0;
  const next = (): YamlNode | undefined => {
    const event = events[at++];
    if (!event || event.type === EVENT_ID.POP || event.type === EVENT_ID.DOCUMENT) return undefined;
    const node = toNode(source, event, end, next);
    end = node.end;
    return node;
  };
  while (events[at]?.type === EVENT_ID.DOCUMENT) at++;
  return next() ?? null;
}

/** One node from its opening event; `next` reads the children of a collection, up to its closing event. */
function toNode(source: string, event: Event, before: number, next: () => YamlNode | undefined): YamlNode {
  if (event.type === EVENT_ID.SCALAR) return scalar(source, event, before);
  if (event.type === EVENT_ID.ALIAS) return { kind: 'scalar', start: event.anchorStart - 1, end: event.anchorEnd, style: 'plain', text: '' };
  if (event.type !== EVENT_ID.MAPPING && event.type !== EVENT_ID.SEQUENCE) throw new Error(`événement YAML inattendu (${event.type})`);
  const flow = event.style === COLLECTION_STYLE.FLOW;
  const children: YamlNode[] = [];
  for (let child = next(); child; child = next()) children.push(child);
  const last = children.at(-1)?.end ?? event.start + 1;
  const end = flow ? closingBracket(source, last) : last;
  if (event.type === EVENT_ID.SEQUENCE) return { kind: 'seq', start: event.start, end, flow, items: children };
  const pairs = [];
  for (let i = 0; i + 1 < children.length; i += 2) pairs.push({ key: children[i]!, value: children[i + 1]! });
  return { kind: 'map', start: event.start, end, flow, pairs };
}

function scalar(source: string, event: ScalarEvent, before: number): YamlNode {
  const style = STYLES[event.style] ?? 'plain';
  const text = getScalarValue(source, event);
  // An empty value (`title:`) has no offsets: it stands right after what came before it.
  if (event.valueStart < 0) {
    const start = before + /^[ \t]*:?/.exec(source.slice(before))![0].length;
    return { kind: 'scalar', start, end: start, style, text };
  }
  if (style === 'single' || style === 'double') return { kind: 'scalar', start: event.valueStart - 1, end: event.valueEnd + 1, style, text };
  if (style === 'block') return { kind: 'scalar', start: blockIndicator(source, event.valueStart), end: event.valueEnd, style, text };
  return { kind: 'scalar', start: event.valueStart, end: event.valueEnd, style, text };
}

/** A block scalar's events start at its first line of text; the node starts at its `|` or `>`. */
function blockIndicator(source: string, valueStart: number): number {
  const lineEnd = source.lastIndexOf('\n', valueStart - 1);
  const lineStart = source.lastIndexOf('\n', lineEnd - 1) + 1;
  const header = source.slice(lineStart, lineEnd);
  const at = header.search(/[|>][-+0-9]*[ \t]*(?:#.*)?\r?$/);
  return at < 0 ? valueStart : lineStart + at;
}

/** The offset after the `]` or `}` that closes a flow collection whose last child ends at `from`. */
function closingBracket(source: string, from: number): number {
  const gap = /^(?:[\s,]|#[^\n]*)*/.exec(source.slice(from))![0].length;
  return from + gap + 1;
}
