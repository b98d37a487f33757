/**
 * The photos' contract between the layers: what the content says of a photo (PhotoRef), what
 * the build found in its source (PhotoInfo), where each slot stands in the layout, and how its
 * files are named. Pure: no sharp here.
 */

/** Where a photo stands: the hero of a service, city or the home page, or the text of a page. */
export type PhotoSlot = 'hero' | 'body';

/** One photo as a content file names it. */
export interface PhotoRef {
  /** The source, relative to content/ with `/` separators: `images/erable-hull.jpg`. */
  src: string;
  /** Empty only for a hero photo said to be decorative (`alt: ""`). */
  alt: string;
  slot: PhotoSlot;
  /** Where the content file names it, for the problems found in its source later. */
  file: string;
  line: number;
  column: number;
}

/** One encoded file of a photo. */
export interface PhotoVariant {
  width: number;
  /** Its URL: `/photos/<name>-<hash>-<width>.<avif|webp>`. */
  avif: string;
  webp: string;
}

/** What the pages need of a source: its size once turned upright, its files, its stand-in. */
export interface PhotoInfo {
  width: number;
  height: number;
  /** Narrowest first; the last is the source's own width or the largest encoded. */
  variants: PhotoVariant[];
  /** A tiny blurred WebP as a data: URI, shown while the photo loads. */
  placeholder: string;
}

/** Every photo of the site by its source (PhotoRef.src). */
export type PhotoManifest = Record<string, PhotoInfo>;

/** The folder of dist/ that holds the photos, each under a name its bytes and settings fix. */
export const PHOTOS_DIR = 'photos';
export const PHOTOS_URL = `/${PHOTOS_DIR}/`;

/**
 * What a Markdown image becomes until its page is rendered: remark-html writes
 * `<img src="/_photo/images/x.jpg" alt="…">` and the renderer replaces it with the photo's
 * `<picture>`. No page of the site lives under it; an editor cannot write it (refused).
 */
export const PHOTO_MARKER = '/_photo/';

/** Extensions of the sources sharp reads (phones write JPEG; editors may have PNG, WebP, AVIF, TIFF). */
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'tif', 'tiff'] as const;

/**
 * How wide each slot is in the layout (src/styles/site.css: `.hero-photo`, `.photo-body`), as
 * `sizes` tells the browser, and the source width it needs to stay sharp on a 2× screen.
 * Hero: full container width under 900 px; beside the text above (half of the 72rem container,
 * less half the 2.5rem gap). Body: the text column, at most 36rem.
 */
export const PHOTO_SLOTS: Record<PhotoSlot, { sizes: string; needs: number }> = {
  hero: { sizes: '(min-width: 1184px) 556px, (min-width: 900px) calc(50vw - 36px), calc(100vw - 32px)', needs: 1440 },
  body: { sizes: '(min-width: 608px) 576px, calc(100vw - 32px)', needs: 960 },
};

/** `erable-hull-3f9a…-960.avif`: the source's name kept readable, then its hash and width. */
export function photoFileName(src: string, hash: string, width: number, format: 'avif' | 'webp'): string {
  const base = (src.split('/').pop() ?? src).replace(/\.[^.]+$/, '');
  const readable = base.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'photo';
  return `${readable}-${hash}-${width}.${format}`;
}
