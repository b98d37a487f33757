import type * as z from 'zod';
import { closest } from '../shared/closest.ts';
import { fieldPath } from './field-path.ts';
import { knownKeys } from './schema-keys.ts';

/**
 * What a zod issue means for the editor who must fix it, and what to type instead: every message
 * names the form expected with an example, the closest allowed spelling when one is near, or the
 * edit that makes the count right. Pure.
 */

/** One problem of a file's header, before its place is looked up: `atKey` for a key that is itself wrong. */
export interface HeaderIssue {
  path: PropertyKey[];
  field: string;
  message: string;
  atKey?: boolean;
}

/** Value kinds as an editor reads them in YAML, each with an example of the form expected. */
const EXPECTED: Partial<Record<string, string>> = {
  string: 'texte attendu, entre guillemets, par exemple "Abattage d’arbres à Hull"',
  number: 'nombre attendu, sans guillemets, par exemple 3 ou 45.47',
  int: 'nombre entier attendu, par exemple 3',
  boolean: 'true ou false attendu, sans guillemets',
  array: 'liste attendue : une ligne par élément, commençant par « - »',
  object: 'bloc attendu : des lignes « nom: valeur » sous ce champ, en retrait de deux espaces',
};

/** What to write for a missing field, by the kind of value it takes. */
const EXAMPLE_LINE: Partial<Record<string, string>> = {
  string: '"…"',
  number: '3',
  int: '3',
  boolean: 'true',
  array: 'suivi de ses éléments, une ligne « - … » chacun',
  object: 'suivi de ses champs, en retrait de deux espaces',
};

const FORMAT_EXAMPLES: Partial<Record<string, string>> = {
  date: 'par exemple "2026-11-24"',
  email: 'par exemple info@votre-domaine.ca',
  url: 'par exemple https://www.votre-domaine.ca',
};

const valueAt = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown> | undefined | null)?.[k], data);

function kindOf(value: unknown): string {
  if (value === null) return 'vide';
  if (Array.isArray(value)) return 'liste';
  if (typeof value === 'number') return Number.isInteger(value) ? `nombre ${value}` : `nombre à virgule ${value}`;
  if (typeof value === 'string') return `texte « ${value.length > 40 ? `${value.slice(0, 40)}…` : value} »`;
  return { boolean: 'booléen', object: 'bloc' }[typeof value as string] ?? typeof value;
}

/** zod's own French wording, kept only where a schema gave no message of its own. */
const isZodDefault = (message: string) => /^(Entrée|Option|Clé|Trop|Format|Chaîne|Nombre|Valeur) /i.test(message);

function missing(issue: z.core.$ZodIssueInvalidType): string {
  const key = String(issue.path.at(-1) ?? '');
  const parent = fieldPath(issue.path.slice(0, -1));
  const example = EXAMPLE_LINE[issue.expected] ?? '…';
  const line = /^["\d]|^true/.test(example) ? `« ${key}: ${example} »` : `« ${key}: » ${example}`;
  return `champ requis manquant : ajoutez ${line} ${parent ? `au bloc ${parent}` : 'à l’en-tête'}`;
}

function wrongType(issue: z.core.$ZodIssueInvalidType, value: unknown): string {
  // YAML read 8195550142 or true as a number or a boolean: the same characters, quoted, are the text.
  if (issue.expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return `texte attendu : mettez la valeur entre guillemets, par exemple "${value}"`;
  return `${EXPECTED[issue.expected] ?? `${issue.expected} attendu`} (reçu : ${kindOf(value)})`;
}

function size(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, value: unknown): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  if (Array.isArray(value)) {
    const gap = Math.abs(value.length - limit);
    return `${issue.message} (reçu : ${value.length} ; ${small ? 'ajoutez' : 'retirez'}-en ${gap})`;
  }
  if (typeof value === 'string') {
    if (value.length === 0) return `${issue.message} : écrivez le texte entre les guillemets`;
    const gap = Math.abs(value.length - limit);
    return `${issue.message} (reçu : ${value.length} caractères ; ${small ? 'ajoutez-en' : 'retirez-en'} ${gap})`;
  }
  if (typeof value === 'number' && isZodDefault(issue.message)) {
    const inclusive = issue.inclusive !== false;
    const bound = small ? (inclusive ? `d’au moins ${limit}` : `plus grand que ${limit}`) : inclusive ? `de ${limit} au plus` : `plus petit que ${limit}`;
    return `nombre ${bound} attendu (reçu : ${value})`;
  }
  return issue.message;
}

function choice(values: readonly unknown[], value: unknown, message: string): string {
  const allowed = values.map(String);
  const near = typeof value === 'string' ? closest(value, allowed)[0] : undefined;
  const head = isZodDefault(message) ? `valeur permise : ${allowed.join(', ')}` : message;
  return near ? `${head} ; vouliez-vous dire « ${near} » ?` : `${head} (reçu : ${kindOf(value)})`;
}

/** A field with one allowed value (`region: QC`): zod's own wording names it in English quotes. */
function only(allowed: unknown, value: unknown, message: string): string {
  const head = isZodDefault(message) ? `« ${String(allowed)} » attendu, seule valeur permise ici` : message;
  return `${head} (reçu : ${kindOf(value)})`;
}

/** One issue's message. */
export function describe(issue: z.core.$ZodIssue, data: unknown): string {
  const value = valueAt(data, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? missing(issue) : wrongType(issue, value);
    case 'too_small':
    case 'too_big':
      return size(issue, value);
    case 'invalid_value':
      return issue.values.length > 1 ? choice(issue.values, value, issue.message) : only(issue.values[0], value, issue.message);
    case 'invalid_format': {
      const example = FORMAT_EXAMPLES[issue.format];
      return example && !/ex\.|par exemple/.test(issue.message) ? `${issue.message}, ${example}` : issue.message;
    }
    default:
      return issue.message;
  }
}

/**
 * Each key of the header the schema does not know, at the key itself, with the closest known key
 * of its block. A misspelled required key (`sumary:`) also leaves that field missing; the
 * « champ requis manquant » that zod adds for `summary` is the same mistake seen from the other
 * side, and two messages for one typo send the editor looking for two problems. So the unknown
 * key's message names the field it stands for, and the missing field's message is dropped. A key
 * with no close known one keeps both: nothing proves they are one mistake.
 */
export function headerIssues(issues: readonly z.core.$ZodIssue[], data: unknown, schema: z.ZodType): HeaderIssue[] {
  const explained = new Set<string>();
  const unknownKeys = new Map<z.core.$ZodIssue, HeaderIssue[]>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') unknownKeys.set(issue, issue.keys.map((key) => unknownKey(issue.path, key, data, schema, explained)));
  }
  return issues.flatMap((issue): HeaderIssue[] => {
    const keys = unknownKeys.get(issue);
    if (keys) return keys;
    if (issue.code === 'invalid_type' && valueAt(data, issue.path) === undefined && explained.has(fieldPath(issue.path))) return [];
    return [{ path: [...issue.path], field: fieldPath(issue.path), message: describe(issue, data) }];
  });
}

/** One unknown key; the known key it was meant to be, when missing from its block, joins `explained`. */
function unknownKey(block: readonly PropertyKey[], key: string, data: unknown, schema: z.ZodType, explained: Set<string>): HeaderIssue {
  const known = knownKeys(schema, block);
  const present = Object.keys((valueAt(data, block) as object | undefined) ?? {});
  const near = closest(key, known)[0];
  const path = [...block, key];
  let message = `champ inconnu « ${key} » : `;
  if (!near) message += `supprimez-le, ou choisissez un champ de ce bloc : ${known.join(', ')}`;
  else if (present.includes(near)) message += `vouliez-vous dire « ${near} » ? Ce champ est déjà écrit dans ce bloc : gardez une seule des deux lignes`;
  else {
    message += `vouliez-vous dire « ${near} » ?`;
    explained.add(fieldPath([...block, near]));
  }
  return { path, field: fieldPath(path), message, atKey: true };
}
