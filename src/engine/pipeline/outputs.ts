import type { Site } from '../../content/types.ts';
import { robotsTxt, sitemapXml } from '../../emit/sitemap.ts';
import type { ShareCard } from '../../render/card/share-card.ts';
import { type CardManifest, cardName } from '../../shared/card/card-facts.ts';
import type { Route } from '../../site/routes.ts';

/** Every card's facts by name, in name order: the same pages give the same bytes, in whatever order they were rendered. */
export function cardManifest(pages: Iterable<{ card: Pick<ShareCard, 'path' | 'facts'> }>): CardManifest {
  const cards = [...pages].map(({ card }) => {
    const name = cardName(card.path);
    // The render names only valid cards: any other is a bug.
    if (!name) throw new Error(`nom de carte invalide : ${card.path}`);
    return [name, card.facts] as const;
  });
  return Object.fromEntries(cards.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The files made from the site's data, by their path under dist/: sitemap, robots.txt, _headers. */
export function dataFiles(site: Site, routes: readonly Route[], lastmod: (route: Route) => string | undefined, headers: string): { files: [string, string][]; sitemap: string } {
  const sitemap = sitemapXml(site.baseUrl, [...routes], lastmod);
  return {
    sitemap,
    files: [
      ['sitemap.xml', sitemap],
      ['robots.txt', robotsTxt(site.baseUrl)],
      ['_headers', headers],
    ],
  };
}
