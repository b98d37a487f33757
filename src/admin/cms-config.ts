import type * as z from 'zod';
import { citySchema } from '../content/schemas/city.ts';
import { serviceSchema } from '../content/schemas/service.ts';
import { siteSchema, siteTextSchema } from '../content/schemas/site.ts';
import { PAGE_FILES } from '../site/page-kinds.ts';
import { type CmsField, jsonSchemaOf, labelOf, objectFields } from './cms-fields.ts';
import { FORMAT_NAME } from './markdown-format.ts';

/** The French name of each file of content/pages/ in the editor's list. */
export const PAGE_LABELS: Readonly<Record<string, string>> = {
  home: 'Accueil',
  services: 'Page des services',
  zones: 'Zones desservies',
  city: 'Texte commun des pages de ville',
  about: 'À propos',
  contact: 'Contact',
  privacy: 'Politique de confidentialité',
  'not-found': 'Page introuvable (404)',
};

export interface CmsCollection {
  name: string;
  label: string;
  format: string;
  extension: 'md';
  folder?: string;
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
  create?: boolean;
  delete?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  sortable_fields?: string[];
  fields?: CmsField[];
}

export interface CmsOptions {
  /** The GitHub repository edits go to, `owner/name`. */
  repo: string;
  branch: string;
  /** content/en/ exists: its files get collections of their own. */
  english: boolean;
}

/** The Markdown body, edited as the text it is (the rich editor would rewrite its syntax on save). */
const BODY: CmsField = { name: 'body', label: labelOf('body'), widget: 'markdown', required: false, modes: ['raw'], buttons: [], editor_components: [] };

/** A schema's fields, with the body after them when the file has one. */
export function fieldsFor(schema: z.ZodType, body: boolean): CmsField[] {
  const fields = objectFields(jsonSchemaOf(schema));
  return body ? [...fields, BODY] : fields;
}

/**
 * A city's slug follows the rule of `npm run new -- city` (src/content/city-slug.ts): the admin
 * client sets it from the name before a new city is saved (a preSave listener), so the editor
 * does not type it and the file is named after it.
 */
function cityFields(): CmsField[] {
  return fieldsFor(citySchema, true).map((f) =>
    f.name === 'slug' ? { ...f, widget: 'hidden', hint: 'Donné par le nom à la création (règle de npm run new -- city).' } : f,
  );
}

function languageCollections(dir: string, suffix: string, prefix: string): CmsCollection[] {
  const common = { format: FORMAT_NAME, extension: 'md' as const };
  return [
    {
      name: `${prefix}pages`,
      label: `Pages${suffix}`,
      ...common,
      files: Object.entries(PAGE_FILES).map(([name, spec]) => ({
        name,
        label: PAGE_LABELS[name] ?? name,
        file: `${dir}pages/${name}.md`,
        fields: fieldsFor(spec.schema, spec.body ?? false),
      })),
    },
    {
      name: `${prefix}services`,
      label: `Services${suffix}`,
      ...common,
      folder: `${dir}services`,
      create: true,
      slug: '{{fields.slug}}',
      identifier_field: 'name',
      summary: '{{name}}',
      sortable_fields: ['order', 'name'],
      fields: fieldsFor(serviceSchema, true),
    },
    {
      name: `${prefix}cities`,
      label: `Villes${suffix}`,
      ...common,
      folder: `${dir}cities`,
      create: true,
      slug: '{{fields.slug}}',
      identifier_field: 'name',
      summary: '{{name}}',
      sortable_fields: ['order', 'name'],
      fields: cityFields(),
    },
  ];
}

/**
 * Decap's whole configuration, generated from the zod schemas the build validates with, so the
 * editor cannot save what the build would refuse. Production signs in through GitHub (our Pages
 * Functions at /api/auth) and saves each edit as a branch and a pull request (editorial workflow);
 * on localhost, `npm run cms` serves the same collections from the working copy (local_backend).
 */
export function cmsConfig(options: CmsOptions): Record<string, unknown> {
  const site: CmsCollection = {
    name: 'site',
    label: 'Entreprise',
    format: FORMAT_NAME,
    extension: 'md',
    files: [
      { name: 'site', label: 'Faits de l’entreprise (site.md)', file: 'content/site.md', fields: fieldsFor(siteSchema, false) },
      // The English site.md holds only the language of the French one: its own, smaller schema.
      ...(options.english ? [{ name: 'en-site', label: 'Textes anglais de l’entreprise (en/site.md)', file: 'content/en/site.md', fields: fieldsFor(siteTextSchema, false) }] : []),
    ],
  };
  return {
    load_config_file: false,
    locale: 'fr',
    backend: { name: 'github', repo: options.repo, branch: options.branch, auth_endpoint: 'api/auth' },
    publish_mode: 'editorial_workflow',
    local_backend: true,
    media_folder: 'content/images',
    public_folder: 'images',
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [site, ...languageCollections('content/', '', ''), ...(options.english ? languageCollections('content/en/', ' (anglais)', 'en-') : [])],
  };
}
