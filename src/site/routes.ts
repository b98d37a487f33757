import { ContentError } from '../content/content-error.ts';
import type { CitySummary, Service } from '../content/types.ts';
import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import { LOCALE_NAMES, type Locale } from '../shared/locales.ts';
import { type CollectionKind, PAGE_KINDS, type PageKind, type PageKindName, type SinglePageName } from './page-kinds.ts';
import { type LocalePaths, PATHS } from './paths.ts';
import type { SharedContent } from './site-content.ts';

export type PageRef = { template: SinglePageName } | { template: 'service'; service: Service } | { template: 'city'; city: CitySummary };

export interface Route {
  /** URL path served, extensionless, no trailing slash (but the English home, `/en/`). */
  path: string;
  /** The primary URL of this page; differs from `path` on aliases. */
  canonical: string;
  page: PageRef;
  /** Whether the URL belongs in the sitemap: primary paths only, never aliases or the 404 page. */
  indexable: boolean;
  /** The language of the page. */
  locale: Locale;
  /**
   * The primary address of this page in each language it exists in, itself included: its
   * hreflang alternates, the sitemap's, the language link. Empty for a page without counterpart.
   */
  alternates: Partial<Record<Locale, string>>;
}

interface Entry {
  /** Primary path first, then its aliases. */
  paths: readonly string[];
  page: PageRef;
  source: string;
  /** What pairs it with its counterpart in the other language: its kind and file name. */
  pair: string;
  unlisted?: boolean;
}

type RouteContent = Pick<SharedContent, 'services' | 'cities'>;

/** Whether a page names its primary address in a canonical link: every kind but the unlisted one. */
export function hasCanonical(page: PageRef): boolean {
  const kind: PageKind = PAGE_KINDS[page.template];
  return !(kind.type === 'single' && kind.unlisted);
}

/** `services/abattage-arbre.md` of `content/en/services/abattage-arbre.md`: the same for a file and its translation. */
function pairOf(file: string): string {
  return file.split(/[\\/]/).slice(-2).join('/');
}

/**
 * The addresses of a collection's pages. The emergency alias (`/urgence`) is an alias of the
 * emergency service page: one emergency text to keep up to date, and search engines see one page
 * instead of two near-copies. A city's page is `/abattage-{slug}` (the fixed links), `/zones/{slug}`
 * its alias; in English, `/en/tree-removal-{slug}` and `/en/service-areas/{slug}`.
 */
function collectionEntries(kind: CollectionKind, content: RouteContent, p: LocalePaths): Entry[] {
  if (kind.folder === 'services') {
    return content.services.map((service) => ({
      paths: [p.service(service), ...service.aliases.map((slug) => p.service({ slug })), ...(service.kind === 'emergency' ? [p.emergency] : [])],
      page: { template: 'service', service },
      source: service.file,
      pair: pairOf(service.file),
    }));
  }
  return content.cities.map((city) => ({ paths: [p.city(city), p.cityAlias(city)], page: { template: 'city', city }, source: city.file, pair: pairOf(city.file) }));
}

/** Every page of every kind of one language, in the order of the page-kind table. */
function entries(content: RouteContent, locale: Locale): Entry[] {
  const folder = locale === 'fr' ? 'content/pages' : 'content/en/pages';
  return (Object.entries(PAGE_KINDS) as [PageKindName, PageKind][]).flatMap(([name, kind]): Entry[] => {
    if (kind.type === 'collection') return collectionEntries(kind, content, PATHS[locale]);
    const paths = locale === 'fr' ? kind.paths : kind.englishPaths;
    if (!paths) return [];
    return [{ paths, page: { template: name as SinglePageName }, source: `${folder}/${name}.md`, pair: `pages/${name}`, ...(kind.unlisted ? { unlisted: true } : {}) }];
  });
}

/**
 * The one table of every page of the site and every alias, French then English.
 * Aliases are full pages whose canonical names the primary path; an address claimed twice is a
 * content error. A page and its counterpart (the same file name in the other language's folder)
 * know each other's primary address.
 */
export function buildRoutes(contents: { fr: RouteContent; en?: RouteContent | undefined }): Route[] {
  const byLocale = LOCALE_NAMES.flatMap((locale) => {
    const content = contents[locale];
    return content ? [{ locale, entries: entries(content, locale) }] : [];
  });
  const primaries = new Map<string, Partial<Record<Locale, string>>>();
  for (const { locale, entries } of byLocale) {
    for (const e of entries) if (!e.unlisted) primaries.set(e.pair, { ...primaries.get(e.pair), [locale]: e.paths[0]! });
  }
  const routes: Route[] = [];
  const owners = new Map<string, string>();
  const issues: RuleDiagnostic[] = [];
  for (const { locale, entries } of byLocale) {
    for (const entry of entries) {
      const [primary] = entry.paths;
      const found = primaries.get(entry.pair) ?? {};
      const alternates = Object.keys(found).length > 1 ? found : {};
      for (const path of entry.paths) {
        const owner = owners.get(path);
        if (owner) {
          issues.push({ file: entry.source, field: 'slug', message: `l’adresse ${path} est déjà celle de ${owner}` });
          continue;
        }
        owners.set(path, entry.source);
        routes.push({ path, canonical: primary!, page: entry.page, indexable: path === primary && !entry.unlisted, locale, alternates });
      }
    }
  }
  if (issues.length > 0) throw new ContentError(issues);
  return routes;
}
