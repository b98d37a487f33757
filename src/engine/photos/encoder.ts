import { createHash } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import { PHOTO_ENCODING, PHOTO_LIMITS } from '../../shared/settings.ts';

type SharpModule = typeof import('sharp').default;
let loading: Promise<SharpModule> | undefined;

/**
 * sharp and libvips, loaded by the first build that names a photo: loading them takes ~150 ms,
 * which every `npm start` and build of a site without photos paid before its first page.
 */
function encoder(): Promise<SharpModule> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips' own operation cache would keep decoded sources in memory between encodes.
    sharp.cache(false);
    return sharp;
  }));
}

/**
 * What names a source's encoded files: its bytes, the encoding settings, the encoder's versions
 * and `code`, the fingerprint of this file's module graph and of sharp's lock entries: an encoder
 * that makes other bytes makes other names, never new bytes under a name `_headers` marks immutable.
 * Known before any encode, so a page can name a file still to be made.
 */
export async function photoHash(bytes: Uint8Array, code: string): Promise<string> {
  const sharp = await encoder();
  const hash = createHash('sha256');
  hash.update(bytes).update(JSON.stringify(PHOTO_ENCODING)).update(`sharp ${sharp.versions.sharp} vips ${sharp.versions.vips}`).update(code);
  return hash.digest('hex').slice(0, 16);
}

/** A source's size once turned upright, its format, and its stand-in. */
export interface SourceFacts {
  width: number;
  height: number;
  placeholder: string;
}

/** Why a source is refused, said to an editor. */
export class PhotoSourceError extends Error {}

/**
 * Reads a source's header, refuses a decompression bomb before decoding it, then decodes it
 * whole (a truncated or corrupt file fails here) into its tiny blurred stand-in.
 */
export async function inspectSource(bytes: Uint8Array): Promise<SourceFacts> {
  const sharp = await encoder();
  let meta: Metadata;
  try {
    // The header only, whatever its size: the limit is checked below, with the editor's words.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoSourceError('ce fichier n’est pas une image lisible (JPEG, PNG, WebP, AVIF ou TIFF) : exportez la photo de nouveau depuis le téléphone ou l’appareil');
  }
  const { width, height } = meta.autoOrient ?? meta;
  if (width * height > PHOTO_LIMITS.pixels) {
    const mp = (PHOTO_LIMITS.pixels / 1e6).toFixed(0);
    throw new PhotoSourceError(`image de ${width} × ${height} pixels, plus de ${mp} mégapixels : réduisez-la (2 500 à 4 000 pixels de large suffisent)`);
  }
  try {
    const tiny = await pipeline(sharp, bytes).resize({ width: PHOTO_ENCODING.placeholder.width }).webp({ quality: PHOTO_ENCODING.placeholder.quality }).toBuffer();
    return { width, height, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` };
  } catch {
    throw new PhotoSourceError('image endommagée ou incomplète (le fichier ne se lit pas jusqu’au bout) : copiez-la de nouveau depuis l’original');
  }
}

/** One variant: turned upright, `width` pixels wide, every metadata dropped (sharp keeps none unless asked). */
export async function encodeVariant(bytes: Uint8Array, width: number, format: 'avif' | 'webp'): Promise<Buffer> {
  const resized = pipeline(await encoder(), bytes).resize({ width, withoutEnlargement: true });
  return format === 'avif' ? resized.avif(PHOTO_ENCODING.avif).toBuffer() : resized.webp(PHOTO_ENCODING.webp).toBuffer();
}

/** A decode that stops at the first warning (a truncated file) and at the pixel limit, turned upright by its EXIF orientation. */
function pipeline(sharp: SharpModule, bytes: Uint8Array): Sharp {
  return sharp(bytes, { limitInputPixels: PHOTO_LIMITS.pixels, failOn: 'warning' }).autoOrient();
}
