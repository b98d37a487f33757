import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { cmsConfig, PAGE_LABELS, type CmsCollection } from '../../src/admin/cms-config.ts';
import { jsonSchemaOf, type CmsField, type JsonSchema } from '../../src/admin/cms-fields.ts';
import { FIELD_LABELS } from '../../src/admin/field-labels.ts';
import { readMarkdown } from '../../src/content/front-matter-edit.ts';
import { citySchema } from '../../src/content/schemas/city.ts';
import { serviceSchema } from '../../src/content/schemas/service.ts';
import { siteSchema, siteTextSchema } from '../../src/content/schemas/site.ts';
import { PAGE_FILES } from '../../src/site/page-kinds.ts';

const CONTENT = join(import.meta.dirname, '../../content');
const config = cmsConfig({ repo: 'exemple/site', branch: 'main', english: true }) as { collections: CmsCollection[] };
const collection = (name: string) => config.collections.find((c) => c.name === name)!;

/** Every (file, schema, fields) the editor offers, French and English. */
const editable: { where: string; schema: z.ZodType; fields: CmsField[]; file?: string }[] = [
  { where: 'site', schema: siteSchema, fields: collection('site').files![0]!.fields, file: 'site.md' },
  { where: 'en-site', schema: siteTextSchema, fields: collection('site').files![1]!.fields, file: 'en/site.md' },
  ...['', 'en-'].flatMap((prefix) => [
    ...collection(`${prefix}pages`).files!.map((f) => ({ where: `${prefix}pages/${f.name}`, schema: PAGE_FILES[f.name]!.schema, fields: f.fields, file: prefix ? undefined : `pages/${f.name}.md` })),
    { where: `${prefix}services`, schema: serviceSchema, fields: collection(`${prefix}services`).fields! },
    { where: `${prefix}cities`, schema: citySchema, fields: collection(`${prefix}cities`).fields! },
  ]),
];

/**
 * Walks a schema and the fields made from it side by side; lists every disagreement. Inside an
 * object that may be left out, Decap would check the fields of the absent object: there the
 * fields are expected optional and lists without a minimum (cms-fields.ts says why).
 */
function disagreements(json: JsonSchema, fields: CmsField[], at: string, optional = false): string[] {
  const out: string[] = [];
  const props = json.properties ?? {};
  const extra = fields.filter((f) => f.name !== 'body' && !(f.name in props)).map((f) => `${at}${f.name} : champ sans clé dans le schéma`);
  out.push(...extra);
  for (const [name, prop] of Object.entries(props)) {
    const field = fields.find((f) => f.name === name);
    const where = `${at}${name}`;
    if (!field) {
      out.push(`${where} : absent de la configuration`);
      continue;
    }
    const required = !optional && (json.required ?? []).includes(name);
    if (field.required !== required) out.push(`${where} : required ${field.required}`);
    if (!FIELD_LABELS[name]) out.push(`${where} : pas de libellé français`);
    const items = prop.items;
    const min = required ? prop.minItems : undefined;
    if (min !== field.min && prop.type === 'array') out.push(`${where} : min ${field.min} ≠ ${min}`);
    if (prop.maxItems !== field.max && prop.type === 'array') out.push(`${where} : max ${field.max} ≠ ${prop.maxItems}`);
    const options = prop.enum ?? items?.enum;
    if (options && JSON.stringify(field.options) !== JSON.stringify(options)) out.push(`${where} : options ${field.options}`);
    if (prop.type === 'object') out.push(...disagreements(prop, field.fields ?? [], `${where}.`, !required));
    if (items?.type === 'object') out.push(...disagreements(items, field.fields ?? [], `${where}[].`));
  }
  return out;
}

/** What Decap refuses at save time (its presence, pattern, list and number checks), for a field tree. */
function decapRefuses(fields: CmsField[], data: Record<string, unknown>, at = ''): string[] {
  return fields.flatMap((field) => {
    const value = data[field.name];
    const where = `${at}${field.name}`;
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) return field.required && field.widget !== 'hidden' ? [`${where} : requis`] : [];
    if (field.widget === 'object') return decapRefuses(field.fields!, value as Record<string, unknown>, `${where}.`);
    if (Array.isArray(value)) {
      const out: string[] = [];
      if (field.min !== undefined && value.length < field.min) out.push(`${where} : ${value.length} < ${field.min}`);
      if (field.max !== undefined && value.length > field.max) out.push(`${where} : ${value.length} > ${field.max}`);
      if (field.options) out.push(...value.filter((v) => !field.options!.includes(v)).map((v) => `${where} : ${v} hors liste`));
      if (field.fields) out.push(...value.flatMap((item, i) => decapRefuses(field.fields!, item as Record<string, unknown>, `${where}[${i}].`)));
      if (field.field) out.push(...value.flatMap((item, i) => decapRefuses([field.field!], { [field.field!.name]: item }, `${where}[${i}].`)));
      return out;
    }
    if (field.options && !field.options.includes(value as string)) return [`${where} : ${value} hors liste`];
    if (field.pattern && !new RegExp(field.pattern[0]).test(String(value))) return [`${where} : ${field.pattern[1]}`];
    if (field.widget === 'number' && ((field.min !== undefined && Number(value) < field.min) || (field.max !== undefined && Number(value) > field.max))) return [`${where} : hors limites`];
    return [];
  });
}

const frontMatter = (file: string) => readMarkdown(readFileSync(join(CONTENT, file), 'utf8')).data as Record<string, any>;

describe('the CMS configuration is generated from the zod schemas', () => {
  it.each(editable.map((e) => [e.where, e] as const))('%s: every key of the schema is a field with its required flag, limits, options and French label', (_, e) => {
    expect(disagreements(jsonSchemaOf(e.schema), e.fields, '')).toEqual([]);
  });

  it('catches a schema and a configuration that disagree (the walk can fail)', () => {
    const fields = structuredClone(collection('cities').fields!);
    fields.find((f) => f.name === 'faq')!.max = 6;
    fields.find((f) => f.name === 'summary')!.required = false;
    expect(disagreements(jsonSchemaOf(citySchema), fields.filter((f) => f.name !== 'order'), '')).toEqual([
      'order : absent de la configuration',
      'summary : required false',
      'faq : max 6 ≠ 5',
    ]);
  });

  it('has a French name for each page file', () => {
    expect(Object.keys(PAGE_FILES).filter((name) => !PAGE_LABELS[name])).toEqual([]);
  });

  it('accepts every content file the build accepts', () => {
    for (const e of editable.filter((e) => e.file)) expect(decapRefuses(e.fields, frontMatter(e.file!)), e.where).toEqual([]);
    const cities = collection('cities').fields!;
    for (const city of ['hull', 'ottawa', 'lange-gardien']) expect(decapRefuses(cities, frontMatter(`cities/${city}.md`)), city).toEqual([]);
  });

  it.each([
    ['an empty summary', (d: any) => (d.summary = '')],
    ['a summary of spaces', (d: any) => (d.summary = '   ')],
    ['a sixth FAQ entry', (d: any) => d.faq.push({ question: 'Q?', answer: 'R.' })],
    ['an SEO title of 71 characters', (d: any) => (d.seo.title = 'x'.repeat(71))],
    ['an SEO description of 49 characters', (d: any) => (d.seo.description = 'x'.repeat(49))],
    ['an unknown province', (d: any) => (d.province = 'XX')],
    ['a service slug with a capital', (d: any) => (d.services[0].service = 'Elagage')],
    ['a latitude past the pole', (d: any) => (d.geo.lat = 91)],
    ['an order of zero', (d: any) => (d.order = 0)],
  ])('refuses, like the build, a city with %s', (_, change) => {
    const data = structuredClone(frontMatter('cities/hull.md'));
    change(data);
    expect(citySchema.safeParse(data).success).toBe(false);
    expect(decapRefuses(collection('cities').fields!, data)).not.toEqual([]);
  });

  it('refuses, like the build, a site.md with a malformed phone or email', () => {
    const site = collection('site').files![0]!.fields;
    for (const change of [(d: any) => (d.phone = '555'), (d: any) => (d.email = 'pas-un-courriel'), (d: any) => (d.hours[0].opens = '25:00')]) {
      const data = structuredClone(frontMatter('site.md'));
      change(data);
      expect(siteSchema.safeParse(data).success).toBe(false);
      expect(decapRefuses(site, data)).not.toEqual([]);
    }
  });

  it('saves through the minimal-diff format, sends edits as pull requests and signs in at /api/auth', () => {
    expect(new Set(config.collections.map((c) => c.format))).toEqual(new Set(['markdown-minimal-diff']));
    expect(config).toMatchObject({ publish_mode: 'editorial_workflow', local_backend: true, backend: { name: 'github', repo: 'exemple/site', auth_endpoint: 'api/auth' } });
    expect(collection('en-cities').folder).toBe('content/en/cities');
    expect(cmsConfig({ repo: 'a/b', branch: 'main', english: false })).not.toHaveProperty(['collections', 4]);
  });
});
