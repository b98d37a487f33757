import { YAMLException } from 'js-yaml';
import { EMPTY_KEY, readYaml } from './yaml.ts';
import { type YamlNode, yamlNodes } from './yaml-nodes.ts';

/**
 * A quote, bracket or brace left open: js-yaml sees it only at the next line that is not indented
 * as its value would be (« deficient indentation »), or at the end of the header.
 */
const UNCLOSED = /^(deficient indentation|unexpected end of the (stream|document) within a)/;

/** What js-yaml's reasons mean, said to an editor: each pattern is matched against the start of the reason. */
const YAML_ERRORS: [RegExp, string][] = [
  [/^bad indentation of a/, 'indentation incorrecte (alignez la ligne sur ses voisines, avec des espaces)'],
  [/^tab characters must not be used in indentation/, 'tabulation dans l’indentation (utilisez des espaces)'],
  [UNCLOSED, 'caractère manquant (un guillemet, un crochet ou une accolade n’est pas refermé)'],
  [/^missed comma between flow collection entries/, 'virgule manquante entre les éléments d’une liste [ ] ou d’un objet { }'],
  [/^end of the stream or a document separator is expected/, 'caractère inattendu'],
  [/^duplicated mapping key/, 'champ écrit deux fois'],
  [/^object-based map does not support complex keys/, 'un bloc ne peut pas servir de nom de champ'],
  [/^can not read a block mapping entry; a multiline key/, 'nom de champ sur plusieurs lignes (un « : » manque-t-il à la ligne précédente?)'],
  [/^a whitespace character is expected after the key-value separator/, 'espace manquant après le « : » d’un champ'],
  [/^(unknown escape sequence|expected hexadecimal character)/, 'séquence d’échappement invalide entre guillemets'],
  [/^aliases exceeded maxAliases/, 'alias (*nom) refusé dans un en-tête : écrivez la valeur elle-même'],
  [/^unknown (scalar |sequence |mapping )?tag/, 'étiquette YAML inconnue (!!…) : retirez-la'],
  [/^expected a single document/, 'plusieurs documents YAML dans l’en-tête'],
  [new RegExp(`^${EMPTY_KEY}`), 'champ sans nom (un nom manque devant « : »)'],
];

/** `@` and `` ` `` are reserved: a plain value cannot start with them, which js-yaml reports as an indentation. */
const RESERVED_START = 'une valeur ne peut pas commencer par ce caractère (mettez-la entre guillemets)';

/** A place in a content file, 1-based, as editors and terminals count. */
export interface Position {
  line: number;
  column: number;
}

/** The front-matter of `raw`: where its text starts and ends. */
function headerSpan(raw: string): { start: number; end: number } {
  const open = /^\uFEFF?---[ \t]*\r?\n/.exec(raw);
  const start = open ? open[0].length : 0;
  const close = open ? raw.slice(start).search(/^---[ \t]*\r?$/m) : -1;
  return { start, end: close < 0 ? raw.length : start + close };
}

/** The header's nodes, or none for a header with a syntax error (`syntaxError` says where). */
function nodesOf(text: string): YamlNode | null {
  try {
    return yamlNodes(text);
  } catch {
    return null;
  }
}

/**
 * Where things are in one content file, for a file with problems only: the header is parsed
 * again, by the reader's own library, as events that keep their offsets, so each problem can name
 * its line and column.
 */
export function locate(raw: string) {
  const { start, end } = headerSpan(raw);
  const text = raw.slice(start, end);
  let parsed: YamlNode | null | undefined;
  const root = () => (parsed === undefined ? (parsed = nodesOf(text)) : parsed);
  const inFile = (offset: number): Position => {
    const before = raw.slice(0, offset);
    return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
  };

  return {
    /** The first YAML syntax error of the header, if any. */
    syntaxError(): (Position & { message: string }) | undefined {
      try {
        readYaml(text);
        return undefined;
      } catch (error) {
        if (!(error instanceof YAMLException)) throw error;
        const failedAt = Math.max(0, Math.min(error.mark?.position ?? 0, text.length));
        const offset = UNCLOSED.test(error.reason) ? openerOffset(text, failedAt) : failedAt;
        return { ...inFile(start + offset), message: syntaxMessage(error.reason, text[offset]) };
      }
    },
    /** A field of the header: its value, or for a missing one the nearest thing that is there. */
    field(path: readonly PropertyKey[]): Position | undefined {
      for (let n = path.length; n >= 0; n--) {
        const node = nodeAt(root(), path.slice(0, n));
        if (node) return inFile(start + node.start);
      }
      return undefined;
    },
    /** A key of the header itself (`sumary:`), not its value: where an unknown key is to be retyped. */
    key(path: readonly PropertyKey[]): Position | undefined {
      const block = nodeAt(root(), path.slice(0, -1));
      const pair = block?.kind === 'map' ? block.pairs.find((p) => p.key.kind === 'scalar' && p.key.text === String(path.at(-1))) : undefined;
      return pair ? inFile(start + pair.key.start) : this.field(path);
    },
    /** Where an offset of the file is, and the header field whose value holds it (none in the body). */
    at(offset: number): Position & { field?: string } {
      const node = root();
      const field = offset >= start && offset < end && node ? fieldAt(node, offset - start) : undefined;
      return { ...inFile(offset), ...(field ? { field } : {}) };
    },
    /** The first occurrence of `text` in the Markdown body. */
    inBody(text: string): Position | undefined {
      const at = raw.indexOf(text, end);
      return at < 0 ? undefined : inFile(at);
    },
  };
}

function syntaxMessage(reason: string, char: string | undefined): string {
  if (/^bad indentation of a mapping entry/.test(reason) && (char === '@' || char === '`')) return RESERVED_START;
  return YAML_ERRORS.find(([pattern]) => pattern.test(reason))?.[1] ?? `erreur de syntaxe (${reason})`;
}

/**
 * Where the quote or bracket left open is: on the line before which the header still reads as
 * YAML. The editor retypes it there, not on the line where js-yaml gave up.
 */
function openerOffset(text: string, failedAt: number): number {
  for (let lineEnd = text.lastIndexOf('\n', failedAt - 1); lineEnd >= 0; ) {
    const lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
    if (reads(text.slice(0, lineStart))) {
      const line = text.slice(lineStart, lineEnd);
      const value = /^[ \t]*(?:- +)*(?:[^\s"'[{][^:]*:[ \t]+)?/.exec(line)![0].length;
      const opener = line.slice(value).search(/["'[{]/);
      return lineStart + value + Math.max(0, opener);
    }
    lineEnd = lineStart - 1;
  }
  return failedAt;
}

function reads(text: string): boolean {
  try {
    readYaml(text);
    return true;
  } catch {
    return false;
  }
}

/** The node at `path` (keys and indexes), if the header has one there. */
function nodeAt(root: YamlNode | null, path: readonly PropertyKey[]): YamlNode | undefined {
  let node: YamlNode | undefined = root ?? undefined;
  for (const step of path) {
    if (node?.kind === 'map') node = node.pairs.find((p) => p.key.kind === 'scalar' && p.key.text === String(step))?.value;
    else if (node?.kind === 'seq' && typeof step === 'number') node = node.items[step];
    else return undefined;
  }
  return node;
}

/** The field (`faq[2].answer`) of the scalar, key or value, that spans `offset`; its ends count as inside. */
function fieldAt(node: YamlNode, offset: number, prefix = ''): string | undefined {
  if (node.kind === 'scalar') return offset >= node.start && offset <= node.end ? prefix : undefined;
  if (node.kind === 'seq') {
    for (const [i, item] of node.items.entries()) {
      const found = fieldAt(item, offset, `${prefix}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const { key, value } of node.pairs) {
    const name = key.kind === 'scalar' ? key.text : '';
    const path = prefix ? `${prefix}.${name}` : name;
    const found = fieldAt(key, offset, path) ?? fieldAt(value, offset, path);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `faq[2].answer` → ['faq', 2, 'answer']: a field as messages name it, back to a path. */
export function parseFieldPath(field: string): (string | number)[] {
  return [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] === undefined ? m[1]! : Number(m[2])));
}
