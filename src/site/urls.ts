/** Absolute URL of a site path: canonical links, sitemaps and structured data need them. */
export function absoluteUrl(baseUrl: string, path: string): string {
  return path === '/' ? `${baseUrl}/` : `${baseUrl}${path}`;
}

/**
 * The company's image in its structured data (LocalBusiness `image`): one for the business
 * wherever it is described. Each page's share card (og:image) is its own, drawn by the build.
 */
export const BUSINESS_IMAGE = '/og-image.png';
