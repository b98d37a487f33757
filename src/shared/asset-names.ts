/**
 * What the hashed files are called: the engine names them, the host caches them a year, the
 * preview and the tools find the entry script and the stylesheet among them. Each name carries
 * its content's hash, so a new version is a new name. Pure: the preview's page script imports it.
 */

/** The folder of dist/ that holds every hashed file, and nothing else. */
export const ASSETS_DIR = 'assets';
/** The URL prefix of that folder, as pages and `_headers` rules write it. */
export const ASSETS_URL = `/${ASSETS_DIR}/`;
/** The folder of dist/ that holds the pages' share cards, each named by a hash of what it shows. */
export const CARDS_DIR = 'cartes';
export const CARDS_URL = `/${CARDS_DIR}/`;
/** The URL prefixes of files whose name changes with their content: the host keeps them a year. */
export const IMMUTABLE_URL_PREFIXES = [ASSETS_URL, CARDS_URL] as const;
/** The browser entry script's name before its hash, as esbuild writes it (`assets/entry-<hash>.js`); pages hold its code inline. */
export const ENTRY_NAME = 'entry';
const STYLESHEET_NAME = 'site';

/** The stylesheet's URL up to its hash: what a <link> to it starts with. */
export const STYLESHEET_URL_PREFIX = `${ASSETS_URL}${STYLESHEET_NAME}-`;

/** The islands' entry script in a page: the one module script written inline (the live preview adds its own, by URL). */
export const ENTRY_SCRIPT_SELECTOR = 'script[type="module"]:not([src])';

const ENTRY_PATH = new RegExp(`^${ASSETS_DIR}/${ENTRY_NAME}-[^/]+\\.js$`);
const STYLESHEET_PATH = new RegExp(`^${ASSETS_DIR}/${STYLESHEET_NAME}-[^/]+\\.css$`);

/** The stylesheet's path under dist/, named by the hash of its bytes. */
export function stylesheetPath(hash: string): string {
  return `${ASSETS_DIR}/${STYLESHEET_NAME}-${hash}.css`;
}

export function isStylesheetPath(path: string): boolean {
  return STYLESHEET_PATH.test(path);
}

export function isEntryScriptPath(path: string): boolean {
  return ENTRY_PATH.test(path);
}
