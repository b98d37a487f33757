import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { City } from '../content/types.ts';
import { hasCanonical, type Route } from '../site/routes.ts';
import { shareCard, type ShareCard } from './card/share-card.ts';
import { Document } from './layout/document.tsx';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import type { PageOutput } from './pages/page.ts';
import { LanguageLink } from './parts/language-link.tsx';
import { PATHS } from '../site/paths.ts';
import { otherLocale } from '../shared/locales.ts';
import { withBodyPhotos } from './parts/photo.tsx';
import { SiteProvider } from './parts/site-context.tsx';
import type { SiteData, SiteDataSet } from './site-data.ts';
import { TEMPLATES } from './templates.ts';

function pageFor(route: Route, data: SiteData, city: City | undefined): PageOutput {
  const template = TEMPLATES[route.page.template] as (data: SiteData, page: Route['page'], city: City | undefined) => PageOutput;
  return template(data, route.page, city);
}

/**
 * The header and footer are the same on thousands of pages (the header differs only by its
 * current section): each is rendered once per site data and spliced in where its marker stands.
 * The markers are private-use characters, which React prints as they are and copy never holds.
 */
const MARK = { header: '\uE000header\uE000', footer: '\uE000footer\uE000', language: '\uE000language\uE000' };
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
 * Where the language link of a page leads: its counterpart, or the other language's home for a
 * page without one (a French-only city, the not-found page); none on a site in one language.
 */
function languageLink(route: Route, set: SiteDataSet): string {
  const to = otherLocale(route.locale);
  if (!set[to]) return '';
  const href = route.alternates[to] ?? PATHS[to].home;
  return renderToStaticMarkup(<LanguageLink from={route.locale} href={href} />);
}

/**
 * The whole HTML of one route: a pure function of the route and the site data of its language
 * (and, for a city page, of the whole city, which travels apart from the site data). The build
 * turns it into bytes at once: React's rope of small strings is never kept. Its share card comes
 * back with it, for the engine to draw if no build has yet.
 */
export function renderPage(route: Route, set: SiteDataSet, city?: City): { html: string; card: ShareCard } {
  const data = set[route.locale];
  if (!data) throw new Error(`renderPage: no site data in ${route.locale} for ${route.path}`);
  const { head, section, body } = pageFor(route, data, city);
  const card = shareCard(route.page, route.canonical, head.title, data.site, data.cardDesign);
  const html = renderToStaticMarkup(
    <SiteProvider value={data}>
      <Document
        head={{ ...head, canonical: hasCanonical(route.page) ? route.canonical : undefined, card, alternates: route.alternates }}
        header={MARK.header}
        footer={MARK.footer}
      >
        {body}
      </Document>
    </SiteProvider>,
  );
  const page = `<!DOCTYPE html>${html}`
    .replace(MARK.header, () => shellPart(data, `header ${section}`, () => <Header current={section} languageLink={MARK.language} />))
    .replace(MARK.language, () => languageLink(route, set))
    .replace(MARK.footer, () => shellPart(data, 'footer', () => <Footer />));
  return { html: withBodyPhotos(page, data.photos), card };
}
