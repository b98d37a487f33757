import { isMap, isPair, isScalar, isSeq, visit } from 'yaml';
import { type ParsedHeader, parseHeader } from './front-matter.ts';

/** What the `yaml` package's error codes mean, said to an editor. */
const YAML_ERRORS: Partial<Record<string, string>> = {
  BAD_INDENT: 'indentation incorrecte (alignez la ligne sur ses voisines, avec des espaces)',
  TAB_AS_INDENT: 'tabulation dans l’indentation (utilisez des espaces)',
  MISSING_CHAR: 'caractère manquant (un guillemet, un crochet ou une accolade n’est pas refermé)',
  UNEXPECTED_TOKEN: 'caractère inattendu',
  DUPLICATE_KEY: 'champ écrit deux fois',
  BLOCK_AS_IMPLICIT_KEY: 'un bloc ne peut pas servir de nom de champ',
  MULTILINE_IMPLICIT_KEY: 'nom de champ sur plusieurs lignes (un « : » manque-t-il à la ligne précédente?)',
  BAD_SCALAR_START: 'une valeur ne peut pas commencer par ce caractère (mettez-la entre guillemets)',
  BAD_DQ_ESCAPE: 'séquence d’échappement invalide entre guillemets',
  BLOCK_IN_FLOW: 'bloc à l’intérieur d’une liste [ ] ou d’un objet { }',
  KEY_OVER_1024_CHARS: 'nom de champ trop long',
  MULTIPLE_DOCS: 'plusieurs documents YAML dans l’en-tête',
};

/** A place in a content file, 1-based, as editors and terminals count. */
export interface Position {
  line: number;
  column: number;
}

/** The front-matter of `raw` parsed with its offsets (or `header`, parsed already), where it starts and ends, and how its offsets and the file's become positions. */
function readHeader(raw: string, header?: ParsedHeader) {
  const open = /^\uFEFF?---[ \t]*\r?\n/.exec(raw);
  const opened = open ? open[0].length : 0;
  const close = open ? raw.slice(opened).search(/^---[ \t]*\r?$/m) : -1;
  const end = close < 0 ? raw.length : opened + close;
  const { doc, lineCounter, offset: start } = header ?? parseHeader(raw.slice(opened, end), opened);
  const linesBefore = raw.slice(0, start).split('\n').length - 1;
  const inHeader = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + linesBefore, column: col };
  };
  const inFile = (offset: number): Position => {
    const before = raw.slice(0, offset);
    return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
  };
  return { doc, start, end, inHeader, inFile };
}

/**
 * Where things are in one content file: `yaml`'s nodes keep their offsets, so each problem can
 * name its line and column. `header` is the parse the build made (front-matter.ts), when it has one.
 */
export function locate(raw: string, header?: ParsedHeader) {
  const { doc, start, end, inHeader, inFile } = readHeader(raw, header);

  return {
    /** The first YAML syntax error of the header, if any. */
    syntaxError(): (Position & { message: string }) | undefined {
      const error = doc.errors[0];
      if (!error) return undefined;
      return { ...inHeader(error.pos[0]), message: YAML_ERRORS[error.code] ?? `erreur de syntaxe (${error.code})` };
    },
    /** A field of the header: its value, or for a missing one the nearest thing that is there. */
    field(path: readonly PropertyKey[]): Position | undefined {
      for (let n = path.length; n >= 0; n--) {
        const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n) as (string | number)[], true);
        const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
        if (range) return inHeader(range[0]);
      }
      return undefined;
    },
    /** A key of the header itself (`sumary:`), not its value: where an unknown key is to be retyped. */
    key(path: readonly PropertyKey[]): Position | undefined {
      const block = path.length > 1 ? doc.getIn(path.slice(0, -1) as (string | number)[], true) : doc.contents;
      const pair = isMap(block) ? block.items.find((p) => isScalar(p.key) && p.key.value === path.at(-1)) : undefined;
      const range = isScalar(pair?.key) ? pair.key.range : undefined;
      return range ? inHeader(range[0]) : this.field(path);
    },
    /** Where an offset of the file is, and the header field whose value holds it (none in the body). */
    at(offset: number): Position & { field?: string } {
      if (offset >= end || offset < start) return inFile(offset);
      let field: string | undefined;
      visit(doc, {
        Scalar(_, node, path) {
          const range = isScalar(node) ? node.range : undefined;
          if (!range || offset - start < range[0] || offset - start > range[1]) return undefined;
          field = fieldPath([...path, node]);
          return visit.BREAK;
        },
      });
      return { ...inFile(offset), ...(field ? { field } : {}) };
    },
    /** The first occurrence of `text` in the Markdown body. */
    inBody(text: string): Position | undefined {
      const at = raw.indexOf(text, end);
      return at < 0 ? undefined : inFile(at);
    },
  };
}

/** `faq[2].answer` → ['faq', 2, 'answer']: a field as messages name it, back to a path. */
export function parseFieldPath(field: string): (string | number)[] {
  return [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] === undefined ? m[1]! : Number(m[2])));
}

/** The keys and indexes that lead to a node of the header, as messages name them: `faq[2].answer`. */
function fieldPath(chain: readonly unknown[]): string {
  let out = '';
  for (const [i, step] of chain.entries()) {
    if (isPair(step) && isScalar(step.key)) out += out ? `.${String(step.key.value)}` : String(step.key.value);
    else if (isSeq(step) && i + 1 < chain.length) out += `[${step.items.indexOf(chain[i + 1] as never)}]`;
  }
  return out;
}
