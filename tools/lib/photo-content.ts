import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_DIR, copyContent } from './content-copy.ts';

/** The test photos (tools/lib/test-photos.ts, written by tools/make-test-photos.ts). */
export const TEST_PHOTOS = join(import.meta.dirname, '../../tests/fixtures/images');

/** The body photo's line in the copy's cities/hull.md: what a test removes the alt text from. */
export const HULL_BODY_PHOTO = '![Un érable après l’élagage, devant une maison du Vieux-Hull](../images/erable-hull.jpg)';

/**
 * A copy of the real content (or of `from`) with photos where editors would put them: a hero photo on the home
 * page, the Hull page and the pruning service, and a photo in the Hull page's text. The pages the
 * gates check (Nu, axe, CSP, links, Lighthouse) then include every photo slot, with and without
 * a photo.
 */
export function contentWithPhotos(at?: string, from = CONTENT_DIR): ReturnType<typeof copyContent> {
  const copy = copyContent(at, from);
  mkdirSync(join(copy.dir, 'images'));
  copyFileSync(join(TEST_PHOTOS, 'erable-hull.jpg'), join(copy.dir, 'images/erable-hull.jpg'));
  const hero = (alt: string) => `photo:\n  src: ../images/erable-hull.jpg\n  alt: "${alt}"\n`;
  copy.edit('cities/hull.md', (t) => t.replace(/^heroSubtitle:/m, `${hero('Un grand érable élagué dans une cour du Vieux-Hull')}heroSubtitle:`).trimEnd() + `\n\n${HULL_BODY_PHOTO}\n`);
  copy.edit('pages/home.md', (t) => t.replace(/^hero:/m, `${hero('Un érable au bord d’une cour, en Outaouais')}hero:`));
  copy.edit('services/elagage.md', (t) => t.replace(/^hero:/m, `${hero('')}hero:`));
  return copy;
}
