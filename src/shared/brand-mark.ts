import { THEME_COLOUR } from './settings.ts';

/** The company's mark, a cream spruce on a tile of the site's colour: the favicon, and the drawn icons and image (tools/draw-images.ts). */
export const BRAND_MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${THEME_COLOUR}"/><path d="M16 4 8.5 15h3.5l-5 8h7v5h4v-5h7l-5-8h3.5z" fill="#fbf9f4"/></svg>`;

/**
 * The favicon written in each page: a file would be one more request, which Chromium makes after
 * the load event, and which Lighthouse then counts before the largest paint (docs/build-and-cache.md).
 * Only what a URL or the attribute may not hold is escaped, not every character encodeURIComponent would.
 */
export const BRAND_MARK_DATA_URI = `data:image/svg+xml,${BRAND_MARK_SVG.replace(/["<>#%\s]/g, encodeURIComponent)}`;
