import type { CitySummary } from '../content/types.ts';
import type { Locale } from '../shared/locales.ts';
import type { PhotoManifest } from '../shared/photos.ts';
import type { QuoteMode } from '../shared/quote/quote-schema.ts';
import type { SharedContent } from '../site/site-content.ts';

/**
 * The contract between the engine and the templates: what every page of a language is rendered
 * with. The engine makes it (src/engine/pipeline/site-data.ts), the templates read it through
 * useSite() (parts/site-context.tsx); it lives here, in the layer that reads it.
 */
export interface Assets {
  /** The stylesheet's URL (the editor's preview loads it). */
  css: string;
  /** The stylesheet's text, in each page's <style>: its CSP hash is in _headers. */
  style: string;
  /** The islands' entry script, in each page's <script type="module">: its CSP hash is in _headers. */
  script: string;
}

export interface SiteData extends SharedContent {
  /** The cities shown in the short lists (home, service pages, footer, form), in order. */
  featuredCities: CitySummary[];
  assets: Assets;
  /** Year printed in the footer at build time; the client corrects it if the build is older. */
  buildYear: number;
  /** Address the quote form posts to. */
  quoteWebhook: string;
  /** How the form sends (content/site.md `quoteDelivery`, or QUOTE_DELIVERY). */
  quoteDelivery: QuoteMode;
  /** Fingerprint of the share cards' drawing code and font: part of each card's name. */
  cardDesign: string;
  /** Each photo of the content by its source: its size, files and stand-in. */
  photos: PhotoManifest;
}

/**
 * The site data as a page reads it, but the list of every city: only a kind whose row says
 * `listsCities` (src/site/page-kinds.ts) is given that (templates.ts), as its pages' keys alone
 * hold every city's summary. A template that reads the cities without saying so does not compile,
 * rather than keep a stale list when a city changes.
 */
export type PageData = Omit<SiteData, 'cities'>;

/** The site data of each language; the English one only when the content has its `en/` folder. */
export type SiteDataSet = { fr: SiteData } & Partial<Record<Exclude<Locale, 'fr'>, SiteData>>;
