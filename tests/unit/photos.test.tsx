import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/content/markdown.ts';
import { contentPathOf, resolvePhotoPath } from '../../src/content/photo-refs.ts';
import { planSource, variantWidths } from '../../src/engine/index.ts';
import { Photo, withBodyPhotos } from '../../src/render/parts/photo.tsx';
import { type PhotoInfo, photoFileName } from '../../src/shared/photos.ts';

const INFO: PhotoInfo = {
  width: 2000,
  height: 1500,
  placeholder: 'data:image/webp;base64,AAAA',
  variants: [480, 960, 1440].map((w) => ({ width: w, avif: `/photos/x-h-${w}.avif`, webp: `/photos/x-h-${w}.webp` })),
};

describe('photo paths', () => {
  it('resolves a path relative to its Markdown file, as GitHub shows it', () => {
    expect(resolvePhotoPath('cities/hull.md', '../images/erable-hull.jpg')).toEqual({ src: 'images/erable-hull.jpg' });
    expect(resolvePhotoPath('cities/hull.md', 'hull/cour%20arri%C3%A8re.JPG')).toEqual({ src: 'cities/hull/cour arrière.JPG' });
  });

  it('refuses a path that leaves content/, an absolute path and a file that is not a photo', () => {
    expect(resolvePhotoPath('cities/hull.md', '../../package.json')).toEqual({ problem: expect.stringContaining('sort du dossier content/') });
    expect(resolvePhotoPath('cities/hull.md', '../images/../../x.jpg')).toEqual({ problem: expect.stringContaining('sort du dossier content/') });
    expect(resolvePhotoPath('cities/hull.md', '/etc/passwd.jpg')).toEqual({ problem: expect.stringContaining('relatif au fichier Markdown') });
    expect(resolvePhotoPath('cities/hull.md', '../images/plan.pdf')).toEqual({ problem: expect.stringContaining('n’est pas une photo') });
  });

  it('knows where each kind of file sits in content/', () => {
    expect(contentPathOf({ type: 'city', locale: 'fr' }, 'content/cities/hull.md')).toBe('cities/hull.md');
    expect(contentPathOf({ type: 'page', page: 'home', locale: 'fr' }, 'x/pages/home.md')).toBe('pages/home.md');
    expect(contentPathOf({ type: 'site', locale: 'fr' }, 'content/site.md')).toBe('site.md');
    expect(contentPathOf({ type: 'city', locale: 'en' }, 'content/en/cities/hull.md')).toBe('en/cities/hull.md');
  });
});

describe('Markdown photos', () => {
  it('collects each local image with its alt text and place, and leaves a marker', () => {
    const md = 'Un texte.\n\n![Un érable « taillé » & propre](../images/erable.jpg "titre")\n\n![Logo](https://exemple.org/logo.png)\n';
    const { html, photos, photoProblems } = renderMarkdown(md, undefined, 'cities/hull.md');
    expect(photos).toEqual([{ src: 'images/erable.jpg', alt: 'Un érable « taillé » & propre', line: 3, column: 1 }]);
    expect(photoProblems).toEqual([]);
    expect(html).toContain('<img src="/_photo/images/erable.jpg" alt="Un érable « taillé » &#x26; propre">');
  });

  it('reports an image without alt text and one that names the marker itself', () => {
    const { photoProblems } = renderMarkdown('Texte.\n\n  ![](../images/a.jpg)\n\n![x](/_photo/images/a.jpg)\n', undefined, 'cities/hull.md');
    expect(photoProblems).toEqual([
      { line: 3, column: 3, message: expect.stringContaining('texte de remplacement manquant') },
      { line: 5, column: 1, message: expect.stringContaining('réservée à la construction') },
    ]);
  });
});

describe('photo variants', () => {
  it('encodes each width the source exceeds, then its own width, never enlarging it', () => {
    expect(variantWidths(4032)).toEqual([480, 960, 1440]);
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(960)).toEqual([480, 960]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it('names files by the source, its hash and width, and plans AVIF and WebP for each', () => {
    expect(photoFileName('images/Érable Hull.JPG', 'abc123', 960, 'avif')).toBe('erable-hull-abc123-960.avif');
    const { info, jobs } = planSource('images/a.jpg', 'h', { width: 1000, height: 750, placeholder: 'data:' });
    expect(info.variants.map((v) => v.width)).toEqual([480, 960, 1000]);
    expect([...jobs.keys()]).toContain('photos/a-h-1000.webp');
    expect(jobs.size).toBe(6);
  });
});

describe('<Photo>', () => {
  it('lists AVIF then WebP with srcset and the slot’s sizes, sized by the largest variant, lazy in the text', () => {
    const html = renderToStaticMarkup(<Photo info={INFO} alt="Un érable" slot="body" />);
    expect(html).toBe(
      '<span class="photo photo-body"><img class="photo-placeholder" src="data:image/webp;base64,AAAA" alt="" width="1440" height="1080"/>' +
        '<picture><source type="image/avif" srcSet="/photos/x-h-480.avif 480w, /photos/x-h-960.avif 960w, /photos/x-h-1440.avif 1440w" sizes="(min-width: 608px) 576px, calc(100vw - 32px)"/>' +
        '<source type="image/webp" srcSet="/photos/x-h-480.webp 480w, /photos/x-h-960.webp 960w, /photos/x-h-1440.webp 1440w" sizes="(min-width: 608px) 576px, calc(100vw - 32px)"/>' +
        '<img class="photo-image" src="/photos/x-h-1440.webp" alt="Un érable" width="1440" height="1080" loading="lazy" decoding="async"/></picture></span>',
    );
  });

  it('fetches the hero photo at once, never lazily, at low priority behind the text it stands under', () => {
    const html = renderToStaticMarkup(<Photo info={INFO} alt="" slot="hero" hero />);
    expect(html).toContain('alt="" width="1440" height="1080" fetchPriority="low"/>');
    expect(html).not.toMatch(/loading=|decoding=/);
    expect(html).toContain('sizes="(min-width: 1184px) 556px, (min-width: 900px) calc(50vw - 36px), calc(100vw - 32px)"');
  });

  it('replaces each Markdown marker with the same markup, alt text decoded once', () => {
    const page = '<p>a</p><p><img src="/_photo/images/x%20y.jpg" alt="Un &#x26; deux &quot;trois&quot;"></p>';
    const out = withBodyPhotos(page, { 'images/x y.jpg': INFO });
    expect(out).toBe(`<p>a</p><p>${renderToStaticMarkup(<Photo info={INFO} alt={'Un & deux "trois"'} slot="body" />)}</p>`);
    expect(() => withBodyPhotos('<img src="/_photo/images/z.jpg" alt="z">', {})).toThrow(/absente du manifeste/);
  });
});
