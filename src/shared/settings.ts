/**
 * The project's settings, each written once: the commands, the servers, the build and the
 * templates import them from here.
 */

/** Where `npm start`, `serve` and `dev` listen unless PORT says otherwise. */
export const DEFAULT_PORT = 4321;

/** Where decap-server, the web editor’s local backend (`npm run cms`), listens: Decap’s default, which its config (`local_backend: true`) assumes, and the /admin CSP allows. */
export const DECAP_SERVER_PORT = 8081;

/** Where the local quote receiver appends each valid lead (one JSON line). */
export const LEADS_FILE = 'data/leads.jsonl';

/** The build's disk cache, relative to the project: safe to delete, never committed. */
export const CACHE_DIR = '.cache/build';

/** The site's colour: the browser's interface (theme-color), the favicon's tile and the drawn icons. */
export const THEME_COLOUR = '#1f5130';

/** Content-hashed files never change under their name: a year, and no revalidation. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * How photos are encoded (docs/content.md « Ajouter une photo »). Part of every photo's file name: a new
 * setting is a new name, never a stale file under an old one. Widths up to 1440 px: a hero is
 * about 560 CSS px wide on a desktop and the full width of a phone (358 CSS px at 390 px).
 */
export const PHOTO_ENCODING = {
  widths: [480, 960, 1440],
  // Effort 2, not sharp's default 4: eight times faster (0.5 s, not 3.7 s, for 1440 px on our
  // CI's two cores), and at quality 45 about as small as effort 4 at 50.
  avif: { quality: 45, effort: 2 },
  webp: { quality: 72, effort: 4 },
  /** The blurred stand-in shown while a photo loads, inlined in the page. */
  placeholder: { width: 16, quality: 40 },
} as const;

/**
 * What a photo source may be: more pixels than a 40 MP camera makes is a decompression bomb (a
 * tiny file that decodes to gigabytes), and a file over 30 MB is not a photo taken for the web.
 */
export const PHOTO_LIMITS = { pixels: 40_000_000, bytes: 30 * 1024 * 1024 } as const;
