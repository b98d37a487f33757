import { createContext, useContext } from 'react';
import type { CitySummary } from '../../content/types.ts';
import type { PhotoManifest } from '../../shared/photos.ts';
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
  /** Fingerprint of the share cards' drawing code and font: part of each card's name. */
  cardDesign: string;
  /** Each photo of the content by its source: its size, files and stand-in. */
  photos: PhotoManifest;
}

const SiteContext = createContext<SiteData | null>(null);
export const SiteProvider = SiteContext.Provider;

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() outside <SiteProvider>');
  return site;
}
