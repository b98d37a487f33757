import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type PhotoInfo, PHOTO_MARKER, PHOTO_SLOTS, type PhotoRef, type PhotoSlot } from '../../shared/photos.ts';
import { useSite } from './site-context.tsx';

interface PhotoProps {
  info: PhotoInfo;
  alt: string;
  slot: PhotoSlot;
  /**
   * The page's hero photo: fetched at once, never lazily, but at low priority. On a phone it
   * stands below the hero's text, which is the largest paint; at high priority, Lighthouse's
   * simulation counted the photo into that paint (docs/build-and-cache.md « Chaque page en un
   * aller-retour »; `npm run audit -- --photos` measures it).
   */
  hero?: boolean;
}

/**
 * One photo, as every slot shows it: AVIF then WebP at each width, `sizes` from the slot's place
 * in the layout, the largest variant's width and height (no shift while it loads), and behind it
 * a tiny blurred stand-in inlined as data: (the CSP allows `img-src data:`; its blur and size are
 * the stylesheet's classes: no style attribute).
 */
export function Photo({ info, alt, slot, hero = false }: PhotoProps) {
  const largest = info.variants[info.variants.length - 1]!;
  const width = largest.width;
  const height = Math.round((info.height * width) / info.width);
  const { sizes } = PHOTO_SLOTS[slot];
  const srcSet = (format: 'avif' | 'webp') => info.variants.map((v) => `${v[format]} ${v.width}w`).join(', ');
  const loading = hero ? { fetchPriority: 'low' as const } : { loading: 'lazy' as const, decoding: 'async' as const };
  return (
    <span className={`photo photo-${slot}`}>
      <img className="photo-placeholder" src={info.placeholder} alt="" width={width} height={height} />
      <picture>
        <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
        <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
        <img className="photo-image" src={largest.webp} alt={alt} width={width} height={height} {...loading} />
      </picture>
    </span>
  );
}

/** The hero photo of a parsed entry (a service, a city, a page: each carries its `photos`), if it has one. */
function heroOf(entry: object): PhotoRef | undefined {
  const { photos } = entry as { photos?: readonly PhotoRef[] };
  return photos?.find((p) => p.slot === 'hero');
}

function HeroPhoto({ photo }: { photo: PhotoRef }) {
  const info = useSite().photos[photo.src];
  return info ? <Photo info={info} alt={photo.alt} slot="hero" hero /> : null;
}

/** What a Hero shows beside its text: the entry's hero photo, or nothing (the hero then stands alone). */
export function heroPhoto(entry: object): ReactNode {
  const photo = heroOf(entry);
  return photo ? <HeroPhoto photo={photo} /> : undefined;
}

const MARKER = new RegExp(`<img src="${PHOTO_MARKER}([^"]*)" alt="([^"]*)">`, 'g');

/**
 * The photos of Markdown texts, left as markers by the parse (src/content/photo-refs.ts), made
 * into the same markup as a hero's. A marker whose source the build does not know is a bug of
 * the build, never shown as a broken image.
 */
export function withBodyPhotos(html: string, photos: Record<string, PhotoInfo>): string {
  if (!html.includes(PHOTO_MARKER)) return html;
  return html.replace(MARKER, (_, url: string, alt: string) => {
    const src = decodeURI(decodeEntities(url));
    const info = photos[src];
    if (!info) throw new Error(`photo ${src} absente du manifeste des photos`);
    return renderToStaticMarkup(<Photo info={info} alt={decodeEntities(alt)} slot="body" />);
  });
}

/** The few references remark-html writes in an attribute value. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|lt|gt);/gi, (_, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return { amp: '&', quot: '"', lt: '<', gt: '>' }[lower]!;
  });
}
