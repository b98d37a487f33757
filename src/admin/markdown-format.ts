import { editMarkdown, readMarkdown, writeMarkdown } from '../content/front-matter-edit.ts';

/** The format's name in the generated CMS configuration (`format:` of every collection). */
export const FORMAT_NAME = 'markdown-minimal-diff';

/**
 * Where an entry keeps the text it was read from. Decap hands `toFile` the values only, never the
 * file; carried in the entry's data (no field shows it), the text lets a save rewrite just the
 * lines that changed. The key cannot clash with a field: every schema is strict and none starts so.
 */
export const SOURCE_KEY = '__source';

type Data = Record<string, unknown>;

export function fromFile(raw: string): Data {
  const { data, body } = readMarkdown(raw);
  return { ...data, body, [SOURCE_KEY]: raw };
}

export function toFile(entry: Data): string {
  const { body, [SOURCE_KEY]: source, ...data } = entry;
  const text = typeof body === 'string' ? body : '';
  if (typeof source !== 'string') return writeMarkdown({ data, body: ensureFinalNewline(text) });
  const before = readMarkdown(source).body;
  // The Markdown widget drops the final newline; a body that differs only by it is unchanged.
  const next = before.trimEnd() === text.trimEnd() ? before : ensureFinalNewline(text);
  return editMarkdown(source, { data, body: next });
}

function ensureFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
