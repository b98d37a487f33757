/**
 * The project's settings, each written once: the commands, the servers, the build and the
 * templates import them from here.
 */

/** Where `npm start`, `serve` and `dev` listen unless PORT says otherwise. */
export const DEFAULT_PORT = 4321;

/** Where the local quote receiver appends each valid lead (one JSON line). */
export const LEADS_FILE = 'data/leads.jsonl';

/** The build's disk cache, relative to the project: safe to delete, never committed. */
export const CACHE_DIR = '.cache/build';

/** The site's colour in the browser's interface (theme-color) and the web manifest. */
export const THEME_COLOUR = '#1f5130';

/** Content-hashed files never change under their name: a year, and no revalidation. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
