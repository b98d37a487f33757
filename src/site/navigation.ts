import type { Locale } from '../shared/locales.ts';
import { UI_STRINGS } from '../shared/ui/strings.ts';
import { PATHS } from './paths.ts';

export type NavLink = { label: string; href: string };

/** The main navigation of a language, shared by the desktop nav and the mobile menu. */
export function mainNav(locale: Locale): NavLink[] {
  const { nav } = UI_STRINGS[locale];
  const p = PATHS[locale];
  return [
    { label: nav.services, href: p.services },
    { label: nav.zones, href: p.zones },
    { label: nav.about, href: p.about },
    { label: nav.contact, href: p.contact },
  ];
}
