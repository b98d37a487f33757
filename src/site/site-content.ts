import type { CitySummary, Service, Site } from '../content/types.ts';
import type { Locale } from '../shared/locales.ts';
import type { Pages } from './page-kinds.ts';

/** One language's site but the cities' own pages: what every page may show. */
export interface SharedContent {
  locale: Locale;
  /** The English site's facts are the French ones; only its texts differ. */
  site: Site;
  /** Sorted by `order`. */
  services: Service[];
  /** Sorted by `order`. */
  cities: CitySummary[];
  pages: Pages;
}

/** The site in each of its languages: French always, English when the content has its `en/` folder. */
export interface SiteContents {
  fr: SharedContent;
  en?: SharedContent;
}
