import { ASSETS_URL, CARDS_URL } from '../shared/asset-names.ts';
import { PHOTOS_URL } from '../shared/photos.ts';

/**
 * The speculation rules of every page (issue 29): Chromium fetches a same-site page when a pointer
 * rests on its link (`moderate`, ~200 ms of hover) and renders it whole when the link is pressed
 * (`conservative`, pointer-down or touch-start), so the page is ready when the tap ends. They come
 * from a file named by the `Speculation-Rules` header of `_headers`, not from an inline
 * <script type="speculationrules">: the CSP stays without 'unsafe-inline', and Chromium ignores
 * 'inline-speculation-rules' once a hash or nonce is present. Safari and Firefox read neither
 * the header nor the file: their navigations are what they were. Chromium itself speculates nothing
 * under Save-Data, battery saver or memory pressure.
 */

/** Where the rules are served, and the type without which Chromium refuses them. */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
export const SPECULATION_RULES_TYPE = 'application/speculationrules+json';

/**
 * Never fetched ahead: what answers with a side effect (the Worker's /api/*, the editor's sign-in),
 * the editor itself, and files that are not pages. Patterns resolve against the rules file's own
 * address, so `/…` is this site; `\\?*#*` lets a query or a fragment follow.
 */
export const NOT_SPECULATED = ['/api/*', '/admin', '/admin/*', `${ASSETS_URL}*`, `${PHOTOS_URL}*`, `${CARDS_URL}*`, '/*.xml', '/*.txt', '/*.json'].map((p) => `${p}\\?*#*`);

/** Links that ask not to be followed, open elsewhere or download: a visitor's choice the rules keep. */
export const NOT_SPECULATED_LINKS = '[rel~="nofollow"], [target], [download]';

/** The site's own pages: any path, any query (the city pages link to /contact?ville=…). */
const SAME_SITE = '/*\\?*#*';

export function speculationRules(): string {
  const where = { and: [{ href_matches: SAME_SITE }, { not: { href_matches: NOT_SPECULATED } }, { not: { selector_matches: NOT_SPECULATED_LINKS } }] };
  const rules = {
    prefetch: [{ source: 'document', where, eagerness: 'moderate' }],
    prerender: [{ source: 'document', where, eagerness: 'conservative' }],
  };
  return `${JSON.stringify(rules, null, 2)}\n`;
}
