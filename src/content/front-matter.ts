import matter from 'gray-matter';
import { type Document, LineCounter, parseDocument } from 'yaml';

/** A header as `yaml` read it: its nodes keep their offsets, counted from `offset` in the file. */
export interface ParsedHeader {
  doc: Document;
  lineCounter: LineCounter;
  offset: number;
}

/** The YAML text of a header that starts at `offset` in its file, read with its offsets; errors are kept in `doc.errors`, never thrown. */
export function parseHeader(text: string, offset: number): ParsedHeader {
  const lineCounter = new LineCounter();
  return { doc: parseDocument(text, { lineCounter, prettyErrors: false }), lineCounter, offset };
}

/**
 * Front-matter and body of a Markdown file. gray-matter splits the file, and its `engines` option
 * hands the header to `yaml` (YAML 1.2), the parser the editor writes with: `010` is ten, `0o10`
 * eight, and an unquoted date text, in the build as in the editor (js-yaml 3 read them otherwise). `header` is that parse, offsets and all,
 * so finding where a problem of its fields is does not read the file again. A syntax error throws.
 */
export function readFrontMatter(raw: string): { data: unknown; content: string; header: ParsedHeader | undefined } {
  let header: ParsedHeader | undefined;
  const yaml = (text: string) => {
    header = parseHeader(text, raw.indexOf(text));
    const [error] = header.doc.errors;
    if (error) throw error;
    return header.doc.toJS();
  };
  // Any options object turns off gray-matter's cache, which would keep every file ever read.
  // `---js` would have gray-matter run the header as code: a content file is data, never code.
  const { data, content } = matter(raw, { engines: { yaml, javascript: refuseCode } });
  return { data, content, header };
}

function refuseCode(): never {
  throw new Error('en-tête en JavaScript refusé : écrivez-le en YAML');
}
