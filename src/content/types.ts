import type { PhotoRef } from '../shared/photos.ts';
import type { CityFrontMatter } from './schemas/city.ts';
import type { ServiceFrontMatter } from './schemas/service.ts';
import type { SiteFrontMatter, SiteTextFrontMatter } from './schemas/site.ts';

export interface Site extends SiteFrontMatter {
  /** E.164 form of the phone, for `tel:` links and structured data. */
  tel: string;
  /** The footer blurb, from the Markdown body of site.md. */
  blurbHtml: string;
  /** The photos its body shows (the footer's). */
  photos: PhotoRef[];
}

/** content/en/site.md: the English texts of site.md, merged with its facts when the content is put together. */
export interface SiteText extends SiteTextFrontMatter {
  blurbHtml: string;
}

export interface Service extends ServiceFrontMatter {
  file: string;
  definitionHtml: string;
  /** Its hero photo and those of its text, for the build to check and encode. */
  photos: PhotoRef[];
}

export interface City extends CityFrontMatter {
  file: string;
  introHtml: string;
  /** Its hero photo and those of its text, for the build to check and encode. */
  photos: PhotoRef[];
}

/**
 * What pages other than a city's own need of a city (lists, zones cards, the form's options, the
 * cross-file checks). Small, so it travels between threads and sits in the build index, while the
 * whole city stays with the thread that renders its page.
 */
export type CitySummary = Pick<City, 'file' | 'slug' | 'name' | 'order' | 'featured' | 'formValue' | 'summary' | 'photos' | 'geo' | 'frenchOnly'> & {
  services: Pick<City['services'][number], 'service'>[];
};

export function summarizeCity(city: City): CitySummary {
  const { file, slug, name, order, featured, formValue, summary, photos, geo, frenchOnly } = city;
  return { file, slug, name, order, featured, formValue, summary, photos, geo, ...(frenchOnly ? { frenchOnly } : {}), services: city.services.map((s) => ({ service: s.service })) };
}
