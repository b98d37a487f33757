import type { City } from '../../content/types.ts';
import type { ShareCard } from '../../render/card/share-card.ts';
import { renderPage } from '../../render/render-page.tsx';
import type { SiteDataSet } from '../../render/site-data.ts';
import type { Route } from '../../site/routes.ts';
import { pageRefs } from '../check-links.ts';

export interface RenderedRoute {
  html: string;
  card: Pick<ShareCard, 'path' | 'facts'>;
  /** The addresses the page links to, for the link check. */
  refs: string[];
}

/**
 * A page from its route, the site data and, for a city page, the whole city. Its module graph is
 * the render kind's fingerprint (src/engine/fingerprint.mjs): whatever this file imports
 * invalidates the stored pages it made (the fast engine's threads render through it too); the
 * data it reads are in each page's key.
 */
export function renderRoute(route: Route, data: SiteDataSet, city: City | undefined): RenderedRoute {
  const { html, card } = renderPage(route, data, city);
  return { html, card: { path: card.path, facts: card.facts }, refs: pageRefs(html, data.fr.site.baseUrl) };
}

/**
 * Every page of the site rendered, once however many addresses it has (the route table lists a
 * page's primary address first; an alias shows the same bytes): the site data every page of its
 * language shares, and, for a city's page, the whole city.
 */
export function renderPages(routes: readonly Route[], data: SiteDataSet, cities: ReadonlyMap<string, City>): Map<Route['page'], RenderedRoute> {
  const pages = new Map<Route['page'], RenderedRoute>();
  for (const route of routes) {
    if (pages.has(route.page)) continue;
    const city = route.page.template === 'city' ? cities.get(route.page.city.file)! : undefined;
    pages.set(route.page, renderRoute(route, data, city));
  }
  return pages;
}
