import { paths } from './paths.ts';

/** The main navigation, shared by the desktop nav and the mobile menu (spec §2). */
export const mainNav = [
  { label: 'Services', href: paths.services },
  { label: 'Zones desservies', href: paths.zones },
  { label: 'À propos', href: paths.about },
  { label: 'Contact', href: paths.contact },
] as const;

export type NavLink = { label: string; href: string };
