import type { Site } from '../../content/types.ts';
import { robotsTxt, sitemapXml } from '../../emit/sitemap.ts';
import type { ShareCard } from '../../render/card/share-card.ts';
import { type CardManifest, CARDS_MANIFEST, cardName } from '../../shared/card/card-facts.ts';
import { outputFile } from '../../site/paths.ts';
import type { Route } from '../../site/routes.ts';
import type { RenderedRoute } from './pages.ts';

export interface OutputsInput {
  /** Copied as-is (icons, images, noscript.css), by their path under dist/. */
  publicFiles: Map<string, Uint8Array>;
  /** The client bundle, the stylesheet, the photos: each a set of files by their path under dist/. */
  assets: Map<string, Uint8Array>[];
  routes: readonly Route[];
  pages: ReadonlyMap<Route['page'], RenderedRoute>;
  /** The share cards drawn with the build, by URL (`/cartes/<name>`); none when the host draws them. */
  cards: ReadonlyMap<string, Uint8Array>;
  site: Site;
  /** The _headers file, checked. */
  headers: string;
  /** Each page's `lastmod` for the sitemap. */
  lastmod: (route: Route) => string | undefined;
}

const encoder = new TextEncoder();

/**
 * The last phase: every file of dist/, by its path there. public/, the assets, each page at each
 * of its addresses (`/abattage-hull` is abattage-hull.html), the list of share cards and the
 * cards drawn, then the files made from the site's data.
 */
export function siteOutputs({ publicFiles, assets, routes, pages, cards, site, headers, lastmod }: OutputsInput): { files: Map<string, Uint8Array>; sitemap: string } {
  const files = new Map<string, Uint8Array>([...publicFiles, ...assets.flatMap((set) => [...set])]);
  for (const route of routes) files.set(outputFile(route.path), encoder.encode(pages.get(route.page)!.html));
  files.set(CARDS_MANIFEST.slice(1), encoder.encode(JSON.stringify(cardManifest(pages.values()))));
  for (const [path, bytes] of cards) files.set(path.slice(1), bytes);
  const data = dataFiles(site, routes, lastmod, headers);
  for (const [path, text] of data.files) files.set(path, encoder.encode(text));
  return { files, sitemap: data.sitemap };
}

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
