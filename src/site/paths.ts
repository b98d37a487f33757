import type { City, Service } from '../content/types.ts';
import { CITY_PARAM, cityFormValue } from '../shared/quote/quote-options.ts';

export const NOT_FOUND_PATH = '/404';

export const paths = {
  home: '/',
  services: '/services',
  service: (s: Pick<Service, 'slug'>) => `/services/${s.slug}`,
  zones: '/zones-desservies',
  city: (c: Pick<City, 'slug'>) => `/abattage-${c.slug}`,
  about: '/a-propos',
  contact: '/contact',
  privacy: '/confidentialite',
  /** The contact page with the city chosen in its form (spec: quote buttons lead to /contact). */
  quoteFrom: (c: Pick<City, 'slug' | 'formValue'>) => `/contact?${CITY_PARAM}=${encodeURIComponent(cityFormValue(c))}`,
  emergency: '/urgence',
} as const;

/**
 * Where a route's HTML is written. `/a/b` → `a/b.html` is served at the extensionless URL by
 * Netlify, Cloudflare Pages and GitHub Pages alike, and by our own server.
 */
export function outputFile(path: string): string {
  if (path === '/') return 'index.html';
  return `${path.slice(1)}.html`;
}
