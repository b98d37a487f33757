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
 * invalidates the stored pages it made (the build's threads render through it); the data it
 * reads are in each page's key.
 */
export function renderRoute(route: Route, data: SiteDataSet, city: City | undefined): RenderedRoute {
  const { html, card } = renderPage(route, data, city);
  return { html, card: { path: card.path, facts: card.facts }, refs: pageRefs(html, data.fr.site.baseUrl) };
}
