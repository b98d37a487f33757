import { renderToStaticMarkup } from 'react-dom/server';
import type { Route } from '../site/routes.ts';
import { Document } from '../templates/layout/document.tsx';
import { aboutPage } from '../templates/pages/about.tsx';
import { cityPage } from '../templates/pages/city.tsx';
import { contactPage } from '../templates/pages/contact.tsx';
import { homePage } from '../templates/pages/home.tsx';
import { notFoundPage } from '../templates/pages/not-found.tsx';
import type { PageOutput } from '../templates/pages/page.ts';
import { servicePage } from '../templates/pages/service.tsx';
import { servicesPage } from '../templates/pages/services.tsx';
import { zonesPage } from '../templates/pages/zones.tsx';
import { type SiteData, SiteProvider } from '../templates/parts/site-context.tsx';

function pageFor(route: Route, data: SiteData): PageOutput {
  const page = route.page;
  switch (page.template) {
    case 'home':
      return homePage(data);
    case 'services':
      return servicesPage(data);
    case 'service':
      return servicePage(data, page.service);
    case 'zones':
      return zonesPage(data);
    case 'city':
      return cityPage(data, page.city);
    case 'about':
      return aboutPage(data);
    case 'contact':
      return contactPage(data);
    case 'not-found':
      return notFoundPage(data);
  }
}

/** The whole HTML of one route: a pure function of the route and the site data. */
export function renderPage(route: Route, data: SiteData): string {
  const { head, section, body } = pageFor(route, data);
  const html = renderToStaticMarkup(
    <SiteProvider value={data}>
      <Document head={{ ...head, canonical: route.page.template === 'not-found' ? undefined : route.canonical }} current={section}>
        {body}
      </Document>
    </SiteProvider>,
  );
  return flat(`<!DOCTYPE html>${html}`);
}

/**
 * React builds the page as a rope of thousands of small strings. Kept by the thousand until the
 * site is written, those ropes made garbage collection half the build time (and 2 GB of memory
 * for 8,000 pages); a UTF-8 round trip leaves one flat string.
 */
function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
