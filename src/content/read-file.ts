import * as z from 'zod';
import { fr } from 'zod/locales';
import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import { fieldPath } from './field-path.ts';
import { type HeaderIssue, headerIssues } from './issue-messages.ts';
import { mapStrings } from './map-strings.ts';
import { locate } from './positions.ts';
import { readFrontMatter } from './front-matter.ts';
import { replaceTokens, type Tokens } from './tokens.ts';
import type { Locale } from '../shared/locales.ts';
import { englishSpacing, frenchSpacing } from './typography.ts';

// The one locale by name: `z.locales.fr` would put all of zod's languages in the editor's bundle.
z.config(fr());

/** `bodyLine`: the file's line where the Markdown body starts, to place problems found in it. */
export type Parsed<T> = { ok: true; data: T; body: string; bodyLine: number } | { ok: false; issues: RuleDiagnostic[] };

/**
 * Front-matter + body of one Markdown file, tokens filled, checked against `schema`.
 * Pure (text in, result out) so it can run in any worker.
 */
export function parseContentFile<S extends z.ZodType>(
  file: string,
  raw: string,
  schema: S,
  tokens: Tokens | null,
  keepTokens: readonly string[] = [],
  locale: Locale = 'fr',
): Parsed<z.infer<S>> {
  const spacing = locale === 'fr' ? frenchSpacing : englishSpacing;
  let data: unknown;
  let body: string;
  let bodyLine: number;
  try {
    const parsed = readFrontMatter(raw);
    data = parsed.data;
    body = parsed.content;
    bodyLine = raw.slice(0, raw.length - body.length).split('\n').length;
  } catch (error) {
    const at = locate(raw).syntaxError();
    const reason = at?.message ?? (error as { reason?: string; message?: string }).reason ?? String(error);
    return { ok: false, issues: [{ file, field: '', message: `en-tête YAML invalide : ${reason}`, ...(at ? { line: at.line, column: at.column } : {}) }] };
  }
  const found: (HeaderIssue & { inBody?: string })[] = [];
  // Tokens and the language's spacing in one walk over the file's strings.
  ({ data, body } = mapStrings({ data, body }, (text, path) => {
    const filled = tokens
      ? replaceTokens(text, tokens, keepTokens, (token) =>
          found.push({
            path: path.slice(1),
            ...(path[0] === 'body' ? { inBody: token } : {}),
            field: path[0] === 'body' ? 'texte Markdown' : fieldPath(path.slice(1)),
            message: `jeton inconnu ${token} (connus : ${Object.keys(tokens).map((t) => `{${t}}`).join(', ')})`,
          }),
          locale === 'fr',
        )
      : text;
    return spacing(filled);
  }));
  const result = schema.safeParse(data);
  if (!result.success) found.push(...headerIssues(result.error.issues, data, schema));
  if (found.length === 0 && result.success) return { ok: true, data: result.data, body, bodyLine };
  // Only a file with problems pays for finding where they are.
  const where = locate(raw);
  const issues = found.map(({ path, inBody, atKey, field, message }): RuleDiagnostic => {
    const at = inBody ? where.inBody(inBody) : atKey ? where.key(path) : where.field(path);
    return { file, field, message, ...(at ? { line: at.line, column: at.column } : {}) };
  });
  return { ok: false, issues };
}
