/** Absolute URL of a site path: canonical links, sitemaps and structured data need them. */
export function absoluteUrl(baseUrl: string, path: string): string {
  return path === '/' ? `${baseUrl}/` : `${baseUrl}${path}`;
}

/** The share image; its text alternative is in each language's interface table (`shareImageAlt`). */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;
