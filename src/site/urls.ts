/** Absolute URL of a site path: canonical links, sitemaps and structured data need them. */
export function absoluteUrl(baseUrl: string, path: string): string {
  return path === '/' ? `${baseUrl}/` : `${baseUrl}${path}`;
}

export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630, alt: 'Abattage et entretien d’arbres en Outaouais' } as const;
