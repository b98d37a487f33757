import type { Site } from '../content/types.ts';
import { THEME_COLOUR } from '../shared/settings.ts';

/** Web app manifest, from the site config so the name is written in one place only. */
export function webManifest(site: Pick<Site, 'name'>): string {
  const manifest = {
    name: site.name,
    short_name: site.name.split(' ').slice(0, 2).join(' '),
    lang: 'fr-CA',
    start_url: '/',
    display: 'standalone',
    background_color: '#fbf9f4',
    theme_color: THEME_COLOUR,
    icons: [
      { src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' },
      { src: '/apple-touch-icon.png', type: 'image/png', sizes: '180x180' },
      { src: '/icon-512.png', type: 'image/png', sizes: '512x512', purpose: 'any maskable' },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
