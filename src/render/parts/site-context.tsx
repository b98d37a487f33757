import { createContext, useContext } from 'react';
import type { CitySummary } from '../../content/types.ts';
import { type LocalePaths, PATHS } from '../../site/paths.ts';
import type { Locale } from '../../shared/locales.ts';
import type { PhotoManifest } from '../../shared/photos.ts';
import type { QuoteMode } from '../../shared/quote/quote-schema.ts';
import { UI_STRINGS, type UiStrings } from '../../shared/ui/strings.ts';
import type { SharedContent } from '../../site/site-content.ts';

export interface Assets {
  css: string;
  /** The hydration entry's URL. */
  js: string;
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

/** The site data of each language; the English one only when the content has its `en/` folder. */
export type SiteDataSet = { fr: SiteData } & Partial<Record<Exclude<Locale, 'fr'>, SiteData>>;

/**
 * The interface texts and addresses of a page's language. Looked up by the data's locale rather
 * than carried in it: the site data crosses to the build threads, and functions do not.
 */
export function stringsOf(data: { locale: Locale }): UiStrings {
  return UI_STRINGS[data.locale];
}

export function pathsOf(data: { locale: Locale }): LocalePaths {
  return PATHS[data.locale];
}

const SiteContext = createContext<SiteData | null>(null);
export const SiteProvider = SiteContext.Provider;

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() outside <SiteProvider>');
  return site;
}

/** The page's site data with its language's texts and addresses: what most templates want. */
export function useLocale(): { data: SiteData; t: UiStrings; p: LocalePaths } {
  const data = useSite();
  return { data, t: stringsOf(data), p: pathsOf(data) };
}
