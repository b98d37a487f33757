import type { BreadcrumbList, DayOfWeek, FAQPage, LocalBusiness, OpeningHoursSpecification, Service as ServiceThing, WithContext } from 'schema-dts';
import type { City, Service, Site } from '../content/types.ts';
import { LOCALE_NAMES, LOCALES, type Locale } from '../shared/locales.ts';
import { UI_STRINGS } from '../shared/ui/strings.ts';
import { PATHS } from '../site/paths.ts';
import { absoluteUrl, BUSINESS_IMAGE } from '../site/urls.ts';

/**
 * Typed (schema-dts) builders for the schema.org blocks of the pages; every URL they hold is absolute.
 * Each block is in its page's language (`locale`, French unless said): names, addresses and the
 * catalogue's; `inLanguage` where schema.org defines it (the FAQ, a CreativeWork), and the
 * business says it knows both languages (`knowsLanguage`).
 */

export interface Crumb {
  name: string;
  path: string;
}

const businessId = (site: Site) => `${site.baseUrl}/#entreprise`;

function openingHours(site: Site): OpeningHoursSpecification[] {
  return site.hours
    .filter((h) => h.days && h.opens && h.closes)
    .map((h) => ({
      '@type': 'OpeningHoursSpecification' as const,
      dayOfWeek: h.days!.map((d) => `https://schema.org/${DAY_NAMES[d]}` as DayOfWeek),
      opens: h.opens,
      closes: h.closes,
    }));
}

const DAY_NAMES = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' } as const;

/** LocalBusiness; on a city page, address and served area are that city. */
export function localBusiness(
  site: Site,
  services: Service[],
  place: { name: string; region: string; geo: { lat: number; lng: number }; path: string; served: string[] },
  locale: Locale = 'fr',
): WithContext<LocalBusiness> {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': businessId(site),
    // A fact, the same in both languages: the business serves in French and in English.
    knowsLanguage: LOCALE_NAMES.map((l) => LOCALES[l].lang),
    name: site.name,
    description: site.tagline,
    image: absoluteUrl(site.baseUrl, BUSINESS_IMAGE),
    url: absoluteUrl(site.baseUrl, place.path),
    telephone: site.tel,
    email: site.email,
    priceRange: '$$',
    address: {
      '@type': 'PostalAddress',
      addressLocality: place.name,
      addressRegion: place.region,
      addressCountry: site.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: place.geo.lat, longitude: place.geo.lng },
    areaServed: place.served.length === 1 ? { '@type': 'City', name: place.served[0]! } : place.served.map((name) => ({ '@type': 'City' as const, name })),
    openingHoursSpecification: openingHours(site),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: UI_STRINGS[locale].jsonLd.catalog,
      itemListElement: services.map((s) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: s.name, url: absoluteUrl(site.baseUrl, PATHS[locale].service(s)) },
      })),
    },
  };
}

export function cityBusiness(site: Site, services: Service[], city: City, locale: Locale = 'fr'): WithContext<LocalBusiness> {
  return localBusiness(site, services, { name: city.name, region: city.province, geo: city.geo, path: PATHS[locale].city(city), served: [city.name] }, locale);
}

export function homeBusiness(site: Site, services: Service[], cities: Pick<City, 'name'>[], locale: Locale = 'fr'): WithContext<LocalBusiness> {
  const place = { name: site.address.locality, region: site.address.region, geo: site.geo, path: PATHS[locale].home, served: cities.map((c) => c.name) };
  return localBusiness(site, services, place, locale);
}

export function faqPage(items: { question: string; answer: string }[], locale: Locale = 'fr'): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: LOCALES[locale].lang,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function breadcrumbList(site: Site, crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(site.baseUrl, c.path),
    })),
  };
}

export function serviceThing(site: Site, service: Service, cities: Pick<City, 'name'>[], locale: Locale = 'fr'): WithContext<ServiceThing> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    serviceType: service.name,
    description: service.seo.description,
    url: absoluteUrl(site.baseUrl, PATHS[locale].service(service)),
    provider: { '@type': 'LocalBusiness', '@id': businessId(site), name: site.name, telephone: site.tel },
    areaServed: cities.map((c) => ({ '@type': 'City', name: c.name })),
  };
}
