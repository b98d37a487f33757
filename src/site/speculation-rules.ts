import { ASSETS_URL, CARDS_URL } from '../shared/asset-names.ts';
import { PHOTOS_URL } from '../shared/photos.ts';
import { jsonForScript } from '../shared/script-json.ts';

/**
 * The speculation rules of every page, so a tap opens the next page at once: Chromium fetches a same-site page when a pointer
 * rests on its link (`moderate`, ~200 ms of hover) and renders it whole when the link is pressed
 * (`conservative`, pointer-down or touch-start), so the page is ready when the tap ends. They are
 * written in each page's head, a <script type="speculationrules"> the CSP allows by its hash
 * (Chromium ignores 'inline-speculation-rules' once a hash is present, and 'unsafe-inline' stays
 * out). A file named by a `Speculation-Rules` header was one more request before the first paint,
 * which Lighthouse's simulated LCP counted (docs/build-and-cache.md). Safari and Firefox ignore the
 * block: their navigations are what they were. Chromium itself speculates nothing under Save-Data,
 * battery saver or memory pressure.
 */

/**
 * Never fetched ahead: what answers with a side effect (the Worker's /api/*, the editor's sign-in),
 * the editor itself, and files that are not pages. Patterns resolve against the page's address, so
 * `/…` is this site; `\\?*#*` lets a query or a fragment follow.
 */
export const NOT_SPECULATED = ['/api/*', '/admin', '/admin/*', `${ASSETS_URL}*`, `${PHOTOS_URL}*`, `${CARDS_URL}*`, '/*.xml', '/*.txt', '/*.json'].map((p) => `${p}\\?*#*`);

/** Links that ask not to be followed, open elsewhere or download: a visitor's choice the rules keep. */
export const NOT_SPECULATED_LINKS = '[rel~="nofollow"], [target], [download]';

/** The site's own pages: any path, any query (the city pages link to /contact?ville=…). */
const SAME_SITE = '/*\\?*#*';

const where = { and: [{ href_matches: SAME_SITE }, { not: { href_matches: NOT_SPECULATED } }, { not: { selector_matches: NOT_SPECULATED_LINKS } }] };

/** The block's text, exactly as each page holds it and the CSP hashes it. */
export const SPECULATION_RULES = jsonForScript({
  prefetch: [{ source: 'document', where, eagerness: 'moderate' }],
  prerender: [{ source: 'document', where, eagerness: 'conservative' }],
});

/** The block as the head renders it (src/render/layout/head.tsx): what tools look for or take out of a page. */
export const SPECULATION_RULES_ELEMENT = `<script type="speculationrules">${SPECULATION_RULES}</script>`;
