import { createContext, useContext } from 'react';
import { type LocalePaths, PATHS } from '../../site/paths.ts';
import type { Locale } from '../../shared/locales.ts';
import { UI_STRINGS, type UiStrings } from '../../shared/ui/strings.ts';
import type { PageData } from '../site-data.ts';

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

const SiteContext = createContext<PageData | null>(null);
export const SiteProvider = SiteContext.Provider;

export function useSite(): PageData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() outside <SiteProvider>');
  return site;
}

/** The page's site data with its language's texts and addresses: what most templates want. */
export function useLocale(): { data: PageData; t: UiStrings; p: LocalePaths } {
  const data = useSite();
  return { data, t: stringsOf(data), p: pathsOf(data) };
}
