import type { CityFrontMatter } from './schemas/city.ts';
import type { PageFrontMatter } from './schemas/pages.ts';
import type { ServiceFrontMatter } from './schemas/service.ts';
import type { SiteFrontMatter } from './schemas/site.ts';

export interface Site extends SiteFrontMatter {
  /** E.164 form of the phone, for `tel:` links and structured data. */
  tel: string;
  /** The footer blurb, from the Markdown body of site.md. */
  blurbHtml: string;
}

export interface Service extends ServiceFrontMatter {
  file: string;
  definitionHtml: string;
}

export interface City extends CityFrontMatter {
  file: string;
  introHtml: string;
}

export interface Pages {
  home: PageFrontMatter<'home'>;
  services: PageFrontMatter<'services'>;
  zones: PageFrontMatter<'zones'>;
  about: PageFrontMatter<'about'> & { bodyHtml: string };
  contact: PageFrontMatter<'contact'>;
  'not-found': PageFrontMatter<'not-found'>;
  city: PageFrontMatter<'city'>;
}

export interface Content {
  site: Site;
  /** Sorted by `order`. */
  services: Service[];
  /** Sorted by `order`. */
  cities: City[];
  pages: Pages;
}
