import { ContentError } from '../content/content-error.ts';
import type { CitySummary, Service } from '../content/types.ts';
import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import { type CollectionKind, PAGE_KINDS, type PageKind, type PageKindName, type SinglePageName } from './page-kinds.ts';
import { paths } from './paths.ts';
import type { SharedContent } from './site-content.ts';

export type PageRef = { template: SinglePageName } | { template: 'service'; service: Service } | { template: 'city'; city: CitySummary };

export interface Route {
  /** URL path served, extensionless, no trailing slash. */
  path: string;
  /** The primary URL of this page; differs from `path` on aliases. */
  canonical: string;
  page: PageRef;
  /** Whether the URL belongs in the sitemap: primary paths only, never aliases or the 404 page. */
  indexable: boolean;
}

interface Entry {
  /** Primary path first, then its aliases. */
  paths: readonly string[];
  page: PageRef;
  source: string;
  unlisted?: boolean;
}

/** Whether a page names its primary address in a canonical link: every kind but the unlisted one. */
export function hasCanonical(page: PageRef): boolean {
  const kind: PageKind = PAGE_KINDS[page.template];
  return !(kind.type === 'single' && kind.unlisted);
}

/**
 * The addresses of a collection's pages. `/urgence` is an alias of the emergency service page: one
 * emergency text to keep up to date, and search engines see one page instead of two near-copies.
 * A city's page is `/abattage-{slug}` (the spec's links), `/zones/{slug}` its alias.
 */
function collectionEntries(kind: CollectionKind, content: Pick<SharedContent, 'services' | 'cities'>): Entry[] {
  if (kind.folder === 'services') {
    return content.services.map((service) => ({
      paths: [paths.service(service), ...service.aliases.map((slug) => paths.service({ slug })), ...(service.kind === 'emergency' ? [paths.emergency] : [])],
      page: { template: 'service', service },
      source: service.file,
    }));
  }
  return content.cities.map((city) => ({ paths: [paths.city(city), `/zones/${city.slug}`], page: { template: 'city', city }, source: city.file }));
}

/** Every page of every kind, in the order of the page-kind table. */
function entries(content: Pick<SharedContent, 'services' | 'cities'>): Entry[] {
  return (Object.entries(PAGE_KINDS) as [PageKindName, PageKind][]).flatMap(([name, kind]): Entry[] =>
    kind.type === 'single'
      ? [{ paths: kind.paths, page: { template: name as SinglePageName }, source: `content/pages/${name}.md`, ...(kind.unlisted ? { unlisted: true } : {}) }]
      : collectionEntries(kind, content),
  );
}

/**
 * The one table of every page of the site and every alias (spec §2). Aliases are full pages whose
 * canonical names the primary path; an address claimed twice is a content error.
 */
export function buildRoutes(content: Pick<SharedContent, 'services' | 'cities'>): Route[] {
  const routes: Route[] = [];
  const owners = new Map<string, string>();
  const issues: RuleDiagnostic[] = [];
  for (const entry of entries(content)) {
    const [primary] = entry.paths;
    for (const path of entry.paths) {
      const owner = owners.get(path);
      if (owner) {
        issues.push({ file: entry.source, field: 'slug', message: `l’adresse ${path} est déjà celle de ${owner}` });
        continue;
      }
      owners.set(path, entry.source);
      routes.push({ path, canonical: primary!, page: entry.page, indexable: path === primary && !entry.unlisted });
    }
  }
  if (issues.length > 0) throw new ContentError(issues);
  return routes;
}
