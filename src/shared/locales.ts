/**
 * The site's languages, each said once: its address prefix, its language tags and where its
 * content lives. French is the main site: no prefix, the default (x-default's target), and
 * listed first: the route table, the sitemap and the checks go through them in this order.
 */
export const LOCALES = {
  fr: { prefix: '', lang: 'fr-CA', ogLocale: 'fr_CA', contentDir: '', cityParam: 'ville' },
  en: { prefix: '/en', lang: 'en-CA', ogLocale: 'en_CA', contentDir: 'en', cityParam: 'city' },
} as const;

export type Locale = keyof typeof LOCALES;

export const LOCALE_NAMES = Object.keys(LOCALES) as Locale[];

/** The language a page links to in its language link: the other one. */
export function otherLocale(locale: Locale): Locale {
  return locale === 'fr' ? 'en' : 'fr';
}

/** `fr` of `fr-CA`: what a `lang` attribute on a single link needs. */
export function baseLang(locale: Locale): string {
  return LOCALES[locale].lang.slice(0, 2);
}
