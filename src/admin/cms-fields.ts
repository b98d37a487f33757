import * as z from 'zod';
import { FIELD_LABELS, LONG_TEXT, PATTERN_MESSAGES } from './field-labels.ts';

/** One field of Decap's configuration (the keys we use of decap-cms-core's CmsField). */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required: boolean;
  hint?: string;
  pattern?: [string, string];
  min?: number;
  max?: number;
  value_type?: 'int' | 'float';
  options?: (string | number)[];
  multiple?: boolean;
  default?: unknown;
  fields?: CmsField[];
  field?: CmsField;
  collapsed?: boolean;
  modes?: string[];
  buttons?: string[];
  editor_components?: string[];
  choose_url?: boolean;
}

/** The part of JSON Schema that z.toJSONSchema writes for our schemas. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: (string | number)[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
}

/** What the editor types, as the schema reads it: defaults make a key optional (io: 'input'). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export function labelOf(name: string): string {
  return FIELD_LABELS[name] ?? name;
}

/**
 * The fields of an object schema, in the schema's order (Decap shows them so). `optional`: the
 * object may be left out. Decap checks the fields of an object even when it is absent, so inside
 * one that may be left out nothing is required and lists have no length: the build (and the pull
 * request's annotations) still refuses a half-filled block.
 */
export function objectFields(json: JsonSchema, optional = false): CmsField[] {
  return Object.entries(json.properties ?? {}).map(([name, property]) => cmsField(name, property, !optional && (json.required ?? []).includes(name), optional));
}

/** The Decap field that accepts what the schema accepts, with the same required flag and limits. */
export function cmsField(name: string, json: JsonSchema, required: boolean, insideOptional = false): CmsField {
  const base = { name, label: labelOf(name), required };
  // A literal is not the editor's to change (region QC, a rating of 5): kept as it is.
  if (json.const !== undefined) return { ...base, widget: 'hidden', default: json.const };
  if (json.enum) return { ...base, widget: 'select', options: json.enum };
  if (json.type === 'object') return { ...base, widget: isPhoto(json) ? PHOTO_WIDGET : 'object', collapsed: true, fields: objectFields(json, !required) };
  if (json.type === 'array') return listField(base, json, !required || insideOptional);
  if (json.type === 'boolean') return { ...base, widget: 'boolean' };
  if (json.type === 'integer' || json.type === 'number') return numberField(base, json);
  if (name === 'src') return { ...base, widget: 'image', choose_url: false };
  return stringField(base, json);
}

/** The widget of a photo object, registered by photo-widget.tsx in the browser. */
export const PHOTO_WIDGET = 'photo';

/** `{ src, alt }`: its widget refuses an image without a description when the entry is saved (photo-widget.tsx). */
function isPhoto(json: JsonSchema): boolean {
  return !!json.properties?.src && !!json.properties.alt;
}

function listField(base: Pick<CmsField, 'name' | 'label' | 'required'>, json: JsonSchema, optional: boolean): CmsField {
  const items = json.items ?? {};
  // Decap counts an absent list as empty, below any minimum: an optional list keeps only its maximum.
  const limits = { ...(json.minItems !== undefined && !optional && { min: json.minItems }), ...(json.maxItems !== undefined && { max: json.maxItems }) };
  if (items.enum) return { ...base, widget: 'select', multiple: true, options: items.enum, ...limits };
  const list = { ...base, widget: 'list', collapsed: true, ...limits };
  if (items.type === 'object') return { ...list, fields: objectFields(items) };
  return { ...list, field: cmsField(base.name, items, true) };
}

function numberField(base: Pick<CmsField, 'name' | 'label' | 'required'>, json: JsonSchema): CmsField {
  const integer = json.type === 'integer';
  const min = json.minimum ?? (json.exclusiveMinimum !== undefined ? json.exclusiveMinimum + (integer ? 1 : 0) : undefined);
  const max = json.maximum !== undefined && json.maximum < Number.MAX_SAFE_INTEGER ? json.maximum : undefined;
  return { ...base, widget: 'number', value_type: integer ? 'int' : 'float', ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
}

const URL_PATTERN = '^[a-z][a-z0-9+.-]*://\\S+$';

/**
 * Decap checks a string with one pattern: the schema's own pattern, its length limits and « not
 * only spaces » (our `text` is trimmed, then non-empty) become lookaheads of that one pattern.
 */
export function stringPattern(name: string, json: JsonSchema): [string, string] | undefined {
  const checks: string[] = [];
  const said: string[] = [];
  if ((json.minLength ?? 0) >= 1) checks.push('(?=[\\s\\S]*\\S)');
  if ((json.minLength ?? 0) > 1 || json.maxLength !== undefined) {
    checks.push(`(?=[\\s\\S]{${json.minLength ?? 0},${json.maxLength ?? ''}}$)`);
    said.push(lengthMessage(json.minLength, json.maxLength));
  }
  const own = json.pattern ?? (json.format === 'uri' ? URL_PATTERN : undefined);
  if (own) said.push(PATTERN_MESSAGES[name] ?? formatMessage(json.format));
  if (!own && !said.length && !checks.length) return undefined;
  if (!own && !said.length) return [`^${checks.join('')}`, 'texte requis (pas seulement des espaces)'];
  return [`^${checks.join('')}(?:${own ?? '[\\s\\S]*'})$`, said.join(' ; ')];
}

function lengthMessage(min = 0, max?: number): string {
  if (max === undefined) return `${min} caractères au moins`;
  return min > 1 ? `de ${min} à ${max} caractères` : `${max} caractères au plus`;
}

function formatMessage(format?: string): string {
  if (format === 'email') return 'adresse courriel valide attendue';
  if (format === 'uri') return 'adresse absolue attendue, ex. https://www.exemple.ca';
  if (format === 'date') return 'date AAAA-MM-JJ attendue';
  return 'format refusé par le site';
}

function stringField(base: Pick<CmsField, 'name' | 'label' | 'required'>, json: JsonSchema): CmsField {
  const pattern = stringPattern(base.name, json);
  return { ...base, widget: LONG_TEXT.has(base.name) ? 'text' : 'string', ...(pattern && { pattern }) };
}
