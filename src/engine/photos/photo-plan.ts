import { PHOTO_ENCODING } from '../../shared/settings.ts';
import { type PhotoInfo, type PhotoVariant, PHOTOS_DIR, PHOTOS_URL, photoFileName } from '../../shared/photos.ts';
import type { SourceFacts } from './encoder.ts';

/** One file to encode: a source at a width, in a format. */
export interface PhotoJob {
  /** The source inside content/ (PhotoRef.src). */
  src: string;
  hash: string;
  width: number;
  format: 'avif' | 'webp';
}

/**
 * The widths a source is encoded at: each of the settings' widths it exceeds, then its own width
 * or the largest setting, whichever is less. A photo is never enlarged.
 */
export function variantWidths(sourceWidth: number, widths: readonly number[] = PHOTO_ENCODING.widths): number[] {
  const largest = Math.min(sourceWidth, Math.max(...widths));
  return [...widths.filter((w) => w < largest), largest];
}

/** What pages say of a source, and the files to make for it (by their path under dist/). */
export function planSource(src: string, hash: string, facts: SourceFacts): { info: PhotoInfo; jobs: Map<string, PhotoJob> } {
  const jobs = new Map<string, PhotoJob>();
  const variants = variantWidths(facts.width).map((width): PhotoVariant => {
    const names = { avif: photoFileName(src, hash, width, 'avif'), webp: photoFileName(src, hash, width, 'webp') };
    for (const format of ['avif', 'webp'] as const) jobs.set(`${PHOTOS_DIR}/${names[format]}`, { src, hash, width, format });
    return { width, avif: PHOTOS_URL + names.avif, webp: PHOTOS_URL + names.webp };
  });
  return { info: { width: facts.width, height: facts.height, variants, placeholder: facts.placeholder }, jobs };
}
