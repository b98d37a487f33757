import type { City } from '../content/types.ts';
import type { PAGE_KINDS, PageKindName } from '../site/page-kinds.ts';
import type { PageRef } from '../site/routes.ts';
import { aboutPage } from './pages/about.tsx';
import { cityPage } from './pages/city.tsx';
import { contactPage } from './pages/contact.tsx';
import { homePage } from './pages/home.tsx';
import { notFoundPage } from './pages/not-found.tsx';
import { privacyPage } from './pages/privacy.tsx';
import type { PageOutput } from './pages/page.ts';
import { servicePage } from './pages/service.tsx';
import { servicesPage } from './pages/services.tsx';
import { zonesPage } from './pages/zones.tsx';
import type { PageData, SiteData } from './site-data.ts';

/** What a kind's template is given: every city only if its row says `listsCities`, which puts them in its pages' keys. */
type DataOf<K extends PageKindName> = (typeof PAGE_KINDS)[K] extends { listsCities: true } ? SiteData : PageData;

type Template<K extends PageKindName> = (data: DataOf<K>, page: Extract<PageRef, { template: K }>, city: City | undefined) => PageOutput;

/** The template of each page kind of src/site/page-kinds.ts: a kind without one does not compile. */
export const TEMPLATES: { [K in PageKindName]: Template<K> } = {
  home: homePage,
  services: servicesPage,
  service: (data, page) => servicePage(data, page.service),
  zones: zonesPage,
  city: (data, page, city) => {
    if (city?.file !== page.city.file) throw new Error(`renderPage: the whole city ${page.city.file} is needed for its page`);
    return cityPage(data, city);
  },
  about: aboutPage,
  contact: contactPage,
  privacy: privacyPage,
  'not-found': notFoundPage,
};
