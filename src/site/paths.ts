import type { City, Service } from '../content/types.ts';
import { LOCALES, type Locale } from '../shared/locales.ts';
import { cityFormValue } from '../shared/quote/quote-options.ts';

export const NOT_FOUND_PATH = '/404';

type CityRef = Pick<City, 'slug'>;

/** Every address of one language's site: the one source the routes, templates and checks read. */
export interface LocalePaths {
  home: string;
  services: string;
  service: (s: Pick<Service, 'slug'>) => string;
  zones: string;
  /** The zones page's other addresses (aliases). */
  zonesAliases: readonly string[];
  city: (c: CityRef) => string;
  /** A city page's alias. */
  cityAlias: (c: CityRef) => string;
  about: string;
  aboutAliases: readonly string[];
  contact: string;
  privacy: string;
  /** The contact page with the city chosen in its form (every quote button leads to /contact). */
  quoteFrom: (c: Pick<City, 'slug' | 'formValue'>) => string;
  /** The emergency service page's short alias, linked from the footer. */
  emergency: string;
  notFound: string;
}

const quoteFrom = (contact: string, locale: Locale) => (c: Pick<City, 'slug' | 'formValue'>) =>
  `${contact}?${LOCALES[locale].cityParam}=${encodeURIComponent(cityFormValue(c))}`;

/** The French addresses, fixed: they never change. */
const fr: LocalePaths = {
  home: '/',
  services: '/services',
  service: (s) => `/services/${s.slug}`,
  zones: '/zones-desservies',
  zonesAliases: ['/zones'],
  city: (c) => `/abattage-${c.slug}`,
  cityAlias: (c) => `/zones/${c.slug}`,
  about: '/a-propos',
  aboutAliases: ['/about'],
  contact: '/contact',
  privacy: '/confidentialite',
  quoteFrom: quoteFrom('/contact', 'fr'),
  emergency: '/urgence',
  notFound: NOT_FOUND_PATH,
};

const EN = LOCALES.en.prefix;

/** The English site under /en/, with the words a Canadian would type; services carry their English slugs. */
const en: LocalePaths = {
  home: `${EN}/`,
  services: `${EN}/services`,
  service: (s) => `${EN}/services/${s.slug}`,
  zones: `${EN}/service-areas`,
  zonesAliases: [],
  city: (c) => `${EN}/tree-removal-${c.slug}`,
  cityAlias: (c) => `${EN}/service-areas/${c.slug}`,
  about: `${EN}/about`,
  aboutAliases: [],
  contact: `${EN}/contact`,
  privacy: `${EN}/privacy`,
  quoteFrom: quoteFrom(`${EN}/contact`, 'en'),
  emergency: `${EN}/emergency`,
  notFound: `${EN}/404`,
};

export const PATHS: Record<Locale, LocalePaths> = { fr, en };

/** The French site's addresses: the fixed ones, and those of a page kind written for French only. */
export const paths = fr;

/**
 * Where a route's HTML is written. `/a/b` → `a/b.html` is served at the extensionless URL by
 * Netlify, Cloudflare Pages and GitHub Pages alike, and by our own server; a path ending in `/`
 * (the English home, `/en/`) is its folder's index.html.
 */
export function outputFile(path: string): string {
  if (path.endsWith('/')) return `${path.slice(1)}index.html`;
  return `${path.slice(1)}.html`;
}
