import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { City } from '../content/types.ts';
import type { Route } from '../site/routes.ts';
import { Document } from './layout/document.tsx';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import { aboutPage } from './pages/about.tsx';
import { cityPage } from './pages/city.tsx';
import { contactPage } from './pages/contact.tsx';
import { homePage } from './pages/home.tsx';
import { notFoundPage } from './pages/not-found.tsx';
import type { PageOutput } from './pages/page.ts';
import { servicePage } from './pages/service.tsx';
import { servicesPage } from './pages/services.tsx';
import { zonesPage } from './pages/zones.tsx';
import { type SiteData, SiteProvider } from './parts/site-context.tsx';

function pageFor(route: Route, data: SiteData, city: City | undefined): PageOutput {
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
      if (city?.file !== page.city.file) throw new Error(`renderPage: the whole city ${page.city.file} is needed for ${route.path}`);
      return cityPage(data, city);
    case 'about':
      return aboutPage(data);
    case 'contact':
      return contactPage(data);
    case 'not-found':
      return notFoundPage(data);
  }
}

/**
 * The header and footer are the same on thousands of pages (the header differs only by its
 * current section): each is rendered once per site data and spliced in where its marker stands.
 * The markers are private-use characters, which React prints as they are and copy never holds.
 */
const MARK = { header: '\uE000header\uE000', footer: '\uE000footer\uE000' };
const shells = new WeakMap<SiteData, Map<string, string>>();

function shellPart(data: SiteData, key: string, element: () => ReactNode): string {
  let parts = shells.get(data);
  if (!parts) shells.set(data, (parts = new Map()));
  let html = parts.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(<SiteProvider value={data}>{element()}</SiteProvider>);
    parts.set(key, html);
  }
  return html;
}

/**
 * The whole HTML of one route: a pure function of the route and the site data (and, for a city
 * page, of the whole city, which travels apart from the site data). The build turns it into
 * bytes at once: React's rope of small strings is never kept.
 */
export function renderPage(route: Route, data: SiteData, city?: City): string {
  const { head, section, body } = pageFor(route, data, city);
  const html = renderToStaticMarkup(
    <SiteProvider value={data}>
      <Document
        head={{ ...head, canonical: route.page.template === 'not-found' ? undefined : route.canonical }}
        header={MARK.header}
        footer={MARK.footer}
      >
        {body}
      </Document>
    </SiteProvider>,
  );
  return `<!DOCTYPE html>${html}`
    .replace(MARK.header, () => shellPart(data, `header ${section}`, () => <Header current={section} />))
    .replace(MARK.footer, () => shellPart(data, 'footer', () => <Footer />));
}
