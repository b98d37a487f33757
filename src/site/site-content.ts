import type { CitySummary, Service, Site } from '../content/types.ts';
import type { Pages } from './page-kinds.ts';

/** Everything but the cities' own pages: what every page may show. */
export interface SharedContent {
  site: Site;
  /** Sorted by `order`. */
  services: Service[];
  /** Sorted by `order`. */
  cities: CitySummary[];
  pages: Pages;
}
