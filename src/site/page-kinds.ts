import type * as z from 'zod';
import type { PageFileSpec } from '../content/page-files.ts';
import { aboutSchema, cityTemplateSchema, contactSchema, homeSchema, notFoundSchema, privacySchema, servicesSchema, zonesSchema } from '../content/schemas/pages.ts';
import { PATHS } from './paths.ts';

const { fr, en } = PATHS;

/** A page of its own: one file of content/pages/ and its addresses. */
export interface SinglePageKind {
  type: 'single';
  /** content/pages/<kind>.md and what it holds. */
  file: PageFileSpec;
  /** Its address first, then its aliases (full pages whose canonical link names the first). */
  paths: readonly string[];
  /**
   * The same for its English page, content/en/pages/<kind>.md; a kind without English addresses
   * is French only (no English file asked for).
   */
  englishPaths?: readonly string[];
  /** It shows the list of cities: any city's summary changing renders it again. */
  listsCities?: boolean;
  /** Out of the sitemap and without a canonical link: only the not-found page, kept out of indexes by its 404 status. */
  unlisted?: boolean;
}

/** One page per file of a content folder (its addresses are in src/site/routes.ts). */
export interface CollectionKind {
  type: 'collection';
  folder: 'services' | 'cities';
  /** A file of content/pages/ named after the kind that every page of the collection shares. */
  sharedFile?: PageFileSpec;
}

export type PageKind = SinglePageKind | CollectionKind;

/**
 * Every kind of page the site has, in the order of the route table (and so of the sitemap). The
 * content listing and validation, the routes, the sitemap, the link checks and the live preview
 * all read it; each kind's template is in src/render/templates.ts, which the type checker holds to
 * this list. Adding a page kind is a row here and a template (docs/architecture.md « Ajouter un type de page »).
 */
export const PAGE_KINDS = {
  home: { type: 'single', file: { schema: homeSchema }, paths: [fr.home], englishPaths: [en.home], listsCities: true },
  services: { type: 'single', file: { schema: servicesSchema }, paths: [fr.services], englishPaths: [en.services] },
  service: { type: 'collection', folder: 'services' },
  zones: { type: 'single', file: { schema: zonesSchema }, paths: [fr.zones, ...fr.zonesAliases], englishPaths: [en.zones, ...en.zonesAliases], listsCities: true },
  city: { type: 'collection', folder: 'cities', sharedFile: { schema: cityTemplateSchema, keepTokens: ['city'] } },
  about: { type: 'single', file: { schema: aboutSchema, body: true }, paths: [fr.about, ...fr.aboutAliases], englishPaths: [en.about, ...en.aboutAliases] },
  contact: { type: 'single', file: { schema: contactSchema }, paths: [fr.contact], englishPaths: [en.contact] },
  privacy: { type: 'single', file: { schema: privacySchema, body: true }, paths: [fr.privacy], englishPaths: [en.privacy] },
  'not-found': { type: 'single', file: { schema: notFoundSchema }, paths: [fr.notFound], englishPaths: [en.notFound], unlisted: true },
} as const satisfies Record<string, PageKind>;

type Kinds = typeof PAGE_KINDS;
export type PageKindName = keyof Kinds;
export type SinglePageName = { [K in PageKindName]: Kinds[K] extends { type: 'single' } ? K : never }[PageKindName];
type SharedFileName = { [K in PageKindName]: Kinds[K] extends { sharedFile: PageFileSpec } ? K : never }[PageKindName];

const kindEntries = Object.entries(PAGE_KINDS) as [PageKindName, PageKind][];

/** The files of content/pages/: each single page's, then each collection's shared text. */
export const PAGE_FILES: Readonly<Record<string, PageFileSpec>> = Object.fromEntries([
  ...kindEntries.flatMap(([name, kind]) => (kind.type === 'single' ? [[name, kind.file]] : [])),
  ...kindEntries.flatMap(([name, kind]) => (kind.type === 'collection' && kind.sharedFile ? [[name, kind.sharedFile]] : [])),
]);

type PageValue<F extends PageFileSpec> = z.infer<F['schema']> & (F extends { body: true } ? { bodyHtml: string } : unknown);

/** The files of content/en/pages/: the pages with English addresses, and the collections' shared texts. */
export const ENGLISH_PAGE_FILES: Readonly<Record<string, PageFileSpec>> = Object.fromEntries(
  Object.entries(PAGE_FILES).filter(([name]) => {
    const kind = PAGE_KINDS[name as PageKindName] as PageKind | undefined;
    return !kind || kind.type === 'collection' || kind.englishPaths !== undefined;
  }),
);

/** What each file of content/pages/ holds once parsed, by name. */
export type Pages = { [K in SinglePageName]: PageValue<Kinds[K]['file']> } & { [K in SharedFileName]: PageValue<Kinds[K]['sharedFile']> };
