import matter from 'gray-matter';
import * as z from 'zod';
import { type ContentIssue, fieldPath } from './content-error.ts';
import { mapStrings } from './map-strings.ts';
import { fillTokens, type Tokens } from './tokens.ts';
import { frenchSpacing } from './typography.ts';

z.config(z.locales.fr());

export type Parsed<T> = { ok: true; data: T; body: string } | { ok: false; issues: ContentIssue[] };

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
): Parsed<z.infer<S>> {
  let data: unknown;
  let body: string;
  try {
    // Any options object turns off gray-matter's cache, which would keep every file ever read.
    const parsed = matter(raw, {});
    data = parsed.data;
    body = parsed.content;
  } catch (error) {
    return { ok: false, issues: [{ file, field: '', message: yamlMessage(error) }] };
  }
  const issues: ContentIssue[] = [];
  if (tokens) {
    const filled = fillTokens({ data, body }, tokens, keepTokens);
    ({ data, body } = filled.value);
    for (const p of filled.problems) {
      const field = p.path[0] === 'body' ? 'texte Markdown' : fieldPath(p.path.slice(1));
      issues.push({ file, field, message: `jeton inconnu ${p.token} (connus : ${Object.keys(tokens).map((t) => `{${t}}`).join(', ')})` });
    }
  }
  ({ data, body } = mapStrings({ data, body }, frenchSpacing));
  const result = schema.safeParse(data);
  if (!result.success) {
    for (const issue of result.error.issues) {
      issues.push({ file, field: fieldPath(issue.path), message: describe(issue, data) });
    }
  }
  if (issues.length > 0 || !result.success) return { ok: false, issues };
  return { ok: true, data: result.data, body };
}

function describe(issue: z.core.$ZodIssue, data: unknown): string {
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const value = issue.path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown> | undefined)?.[k], data);
    if (Array.isArray(value)) return `${issue.message} (reçu : ${value.length})`;
    if (typeof value === 'string' && value.length > 0) return `${issue.message} (reçu : ${value.length} caractères)`;
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return `champ requis manquant (${issue.expected} attendu)`;
  if (issue.code === 'unrecognized_keys') return `champ inconnu : ${issue.keys.join(', ')} (faute de frappe?)`;
  return issue.message;
}

function yamlMessage(error: unknown): string {
  const e = error as { reason?: string; mark?: { line: number; column: number }; message?: string };
  if (e.mark) return `en-tête YAML invalide, ligne ${e.mark.line + 2}, colonne ${e.mark.column + 1} : ${e.reason ?? e.message}`;
  return `en-tête YAML invalide : ${e.message ?? String(error)}`;
}
