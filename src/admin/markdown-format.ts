import { editMarkdown, markdownBody, readMarkdown, writeMarkdown } from '../content/front-matter-edit.ts';
import { locate } from '../content/positions.ts';

/** The format's name in the generated CMS configuration (`format:` of every collection). */
export const FORMAT_NAME = 'markdown-minimal-diff';

/**
 * Where an entry keeps the text it was read from. Decap hands `toFile` the values only, never the
 * file; carried in the entry's data (no field shows it), the text lets a save rewrite just the
 * lines that changed. The key cannot clash with a field: every schema is strict and none starts so.
 */
export const SOURCE_KEY = '__source';

/** Where an entry whose header does not read keeps why: its save is refused with that text. */
export const BROKEN_KEY = '__broken';

type Data = Record<string, unknown>;

/**
 * Decap opens a file whose format throws as an empty form, and its save would write a new file
 * over the old one: a header that does not read opens empty, but its save is refused, saying
 * where the mistake is, and the file stays as it is.
 */
export function fromFile(raw: string): Data {
  try {
    const { data, body } = readMarkdown(raw);
    return { ...data, body, [SOURCE_KEY]: raw };
  } catch {
    return { [SOURCE_KEY]: raw, [BROKEN_KEY]: brokenHeader(raw) };
  }
}

function brokenHeader(raw: string): string {
  const at = locate(raw).syntaxError();
  const where = at ? `, ligne ${at.line}, colonne ${at.column} : ${at.message}` : '';
  return `L’en-tête YAML de ce fichier est invalide${where}. L’éditeur n’a pas pu le lire et ne l’enregistrera pas par-dessus : corrigez-le dans le fichier (npm run dev montre l’erreur), puis rouvrez-le ici.`;
}

export function toFile(entry: Data): string {
  if (typeof entry[BROKEN_KEY] === 'string') throw new Error(entry[BROKEN_KEY]);
  const { body, [SOURCE_KEY]: source, ...data } = entry;
  const text = typeof body === 'string' ? body : '';
  if (typeof source !== 'string') return writeMarkdown({ data, body: ensureFinalNewline(text) });
  // Its header is read once, by editMarkdown: the body alone is compared here.
  const before = markdownBody(source);
  // The Markdown widget drops the final newline; a body that differs only by it is unchanged.
  const next = before.trimEnd() === text.trimEnd() ? before : ensureFinalNewline(text);
  return editMarkdown(source, { data, body: next });
}

function ensureFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
