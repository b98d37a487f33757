import { ContentError } from '../content/content-error.ts';
import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import type { City, CitySummary, Service, SharedContent } from '../content/types.ts';

export type PageRef =
  | { template: 'home' }
  | { template: 'services' }
  | { template: 'service'; service: Service }
  | { template: 'zones' }
  | { template: 'city'; city: CitySummary }
  | { template: 'about' }
  | { template: 'contact' }
  | { template: 'not-found' };

export interface Route {
  /** URL path served, extensionless, no trailing slash. */
  path: string;
  /** The primary URL of this page; differs from `path` on aliases. */
  canonical: string;
  page: PageRef;
  /** Whether the URL belongs in the sitemap: primary paths only, never aliases or the 404 page. */
  indexable: boolean;
}

export const NOT_FOUND_PATH = '/404';

export const paths = {
  home: '/',
  services: '/services',
  service: (s: Pick<Service, 'slug'>) => `/services/${s.slug}`,
  zones: '/zones-desservies',
  city: (c: Pick<City, 'slug'>) => `/abattage-${c.slug}`,
  about: '/a-propos',
  contact: '/contact',
  emergency: '/urgence',
} as const;

interface Entry {
  /** Primary path first, then its aliases. */
  paths: string[];
  page: PageRef;
  source: string;
}

/**
 * The one table of every page of the site and every alias (spec §2). Aliases are full pages whose
 * canonical names the primary path. `/urgence` is an alias of the emergency service page: one
 * emergency text to keep up to date, and search engines see one page instead of two near-copies.
 */
export function buildRoutes(content: Pick<SharedContent, 'services' | 'cities'>): Route[] {
  const entries: Entry[] = [
    { paths: [paths.home], page: { template: 'home' }, source: 'content/pages/home.md' },
    { paths: [paths.services], page: { template: 'services' }, source: 'content/pages/services.md' },
    ...content.services.map((service) => ({
      paths: [
        paths.service(service),
        ...service.aliases.map((slug) => paths.service({ slug })),
        ...(service.kind === 'emergency' ? [paths.emergency] : []),
      ],
      page: { template: 'service' as const, service },
      source: service.file,
    })),
    { paths: [paths.zones, '/zones'], page: { template: 'zones' }, source: 'content/pages/zones.md' },
    ...content.cities.map((city) => ({
      paths: [paths.city(city), `/zones/${city.slug}`],
      page: { template: 'city' as const, city },
      source: city.file,
    })),
    { paths: [paths.about, '/about'], page: { template: 'about' }, source: 'content/pages/about.md' },
    { paths: [paths.contact], page: { template: 'contact' }, source: 'content/pages/contact.md' },
  ];

  const routes: Route[] = [];
  const owners = new Map<string, string>();
  const issues: RuleDiagnostic[] = [];
  for (const entry of entries) {
    const [primary] = entry.paths;
    for (const path of entry.paths) {
      const owner = owners.get(path);
      if (owner) {
        issues.push({ file: entry.source, field: 'slug', message: `l’adresse ${path} est déjà celle de ${owner}` });
        continue;
      }
      owners.set(path, entry.source);
      routes.push({ path, canonical: primary!, page: entry.page, indexable: path === primary });
    }
  }
  if (issues.length > 0) throw new ContentError(issues);
  routes.push({ path: NOT_FOUND_PATH, canonical: NOT_FOUND_PATH, page: { template: 'not-found' }, indexable: false });
  return routes;
}

/**
 * Where a route's HTML is written. `/a/b` → `a/b.html` is served at the extensionless URL by
 * Netlify, Cloudflare Pages and GitHub Pages alike, and by our own server.
 */
export function outputFile(path: string): string {
  if (path === '/') return 'index.html';
  return `${path.slice(1)}.html`;
}
