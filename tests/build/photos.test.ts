import { existsSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ContentError } from '../../src/content/content-error.ts';
import { BuildEngine, currentFingerprints, type EngineOptions } from '../../src/engine/index.ts';
import { applyHeaderRules, parseHeaders } from '../../src/host/header-rules.ts';
import { IMMUTABLE_CACHE_CONTROL } from '../../src/shared/settings.ts';
import { contentWithPhotos, HULL_BODY_PHOTO, TEST_PHOTOS } from '../../tools/lib/photo-content.ts';
import { temp } from '../helpers/engine-build.ts';
import { BUILD_NOW as NOW } from '../helpers/shared-build-types.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { SITE_DIR } from '../helpers/fixture-site.ts';


/** A build warm from the run's photo build unless the test brings its own cache: each photo is encoded once per run. */
async function buildOnce(options: Partial<EngineOptions> & { contentDir: string }) {
  const engine = new BuildEngine({ now: NOW, threads: 1, cacheDir: warmCache('photos'), ...options });
  try {
    return await engine.build();
  } finally {
    await engine.close();
  }
}

/** The problems a build refuses the content for, as `file:line:col › field : message` lines. */
async function refusal(options: Partial<EngineOptions> & { contentDir: string }): Promise<string[]> {
  try {
    await buildOnce(options);
  } catch (error) {
    if (error instanceof ContentError) return error.issues.map((i) => `${i.file}:${i.line}:${i.column} › ${i.field} : ${i.message}`);
    throw error;
  }
  throw new Error('the build accepted the content');
}

const lineOf = (dir: string, file: string, text: string) => {
  const source = readFileSync(join(dir, file), 'utf8');
  return source.slice(0, source.indexOf(text)).split('\n').length;
};

describe('photos in dist/', () => {
  it('writes AVIF and WebP files upright, without EXIF or GPS, sized <picture> markup, and an immutable header', async () => {
    const content = contentWithPhotos(undefined, SITE_DIR);
    const out = join(temp('photos-dist-'), 'dist');
    const result = await buildOnce({ contentDir: content.dir, outDir: out });
    const files = readdirSync(join(out, 'photos')).sort();
    expect(files.filter((f) => f.endsWith('.avif'))).toHaveLength(3);
    expect(files.filter((f) => f.endsWith('.webp'))).toHaveLength(3);
    for (const f of files) {
      const meta = await sharp(join(out, 'photos', f)).metadata();
      expect(meta.exif, f).toBeUndefined();
      expect(meta.orientation, f).toBeUndefined();
      // Stored sideways (1100 × 1500) with orientation 6: upright, it is wider than tall.
      expect(meta.width, f).toBeGreaterThan(meta.height);
      expect(f).toMatch(new RegExp(`^erable-hull-[0-9a-f]{16}-${meta.width}\\.(avif|webp)$`));
    }
    const hull = readFileSync(join(out, 'abattage-hull.html'), 'utf8');
    const pictures = [...hull.matchAll(/<span class="photo photo-(hero|body)">.*?<\/picture><\/span>/g)];
    expect(pictures.map((p) => p[1])).toEqual(['hero', 'body']);
    const [hero, body] = pictures.map((p) => p[0]);
    expect(hero).toMatch(/<source type="image\/avif" srcSet="\/photos\/erable-hull-\w+-480\.avif 480w, [^"]+-960\.avif 960w, [^"]+-1440\.avif 1440w" sizes="\(min-width: 1184px\) 556px/);
    expect(hero).toContain('width="1440" height="1056" fetchPriority="low"');
    expect(hero).not.toContain('loading=');
    expect(body).toContain('alt="Un érable après l’élagage, devant une maison du Vieux-Hull" width="1440" height="1056" loading="lazy" decoding="async"');
    expect(body).toMatch(/<img class="photo-placeholder" src="data:image\/webp;base64,[A-Za-z0-9+/=]+" alt=""/);
    expect(hull).not.toMatch(/\sstyle=/);
    const rules = parseHeaders(readFileSync(join(out, '_headers'), 'utf8')).rules;
    const headers = applyHeaderRules(rules, { pathname: `/photos/${files[0]}`, hostname: 'localhost' });
    expect(Object.entries(headers).find(([name]) => name.toLowerCase() === 'cache-control')?.[1]).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(result.warnings).toEqual([]);
    // Encoded once per run, by the shared photo build (tests/setup/shared-build.ts); the next test encodes them cold.
    expect(result.stats.encoded).toBe(0);
  });

  it('encodes nothing in a warm build, even into a new dist/ (CI restores the cache, not dist/)', async () => {
    const content = contentWithPhotos(undefined, SITE_DIR);
    const work = temp('photos-warm-');
    const cacheDir = join(work, 'cache');
    const first = await buildOnce({ contentDir: content.dir, outDir: join(work, 'a'), cacheDir });
    const second = await buildOnce({ contentDir: content.dir, outDir: join(work, 'b'), cacheDir });
    expect(first.stats.encoded).toBe(6);
    expect(second.stats.encoded).toBe(0);
    expect(readdirSync(join(work, 'b', 'photos')).sort()).toEqual(readdirSync(join(work, 'a', 'photos')).sort());
  });

  it('names every photo file anew when the encoder’s code changes: `_headers` never serves old bytes under an immutable name', async () => {
    const content = contentWithPhotos(undefined, SITE_DIR);
    const names = async (fingerprints?: EngineOptions['fingerprints']) => {
      const built = await buildOnce({ contentDir: content.dir, photos: 'on-request', ...(fingerprints ? { fingerprints } : {}) });
      return [...built.outputs.keys()].filter((p) => p.startsWith('photos/'));
    };
    const now = await names();
    const otherEncoder = await names({ ...currentFingerprints(), photos: 'autre-encodeur' });
    expect(otherEncoder).toHaveLength(now.length);
    expect(now.length).toBeGreaterThan(0);
    expect(otherEncoder.filter((name) => now.includes(name))).toEqual([]);
  });

  it('gives a replaced photo new names and renders its pages again; a deleted one is an error though its Markdown was cached', async () => {
    const content = contentWithPhotos(undefined, SITE_DIR);
    const engine = new BuildEngine({ now: NOW, threads: 1, cacheDir: join(temp('photos-edit-'), 'cache'), contentDir: content.dir });
    try {
      const before = await engine.build();
      copyPhoto(content.dir, 'etroite.jpg', 'images/erable-hull.jpg');
      const after = await engine.build();
      expect(after.stats.parsed).toBe(0);
      expect(after.stats.rendered).toBeGreaterThan(0);
      const names = (r: typeof before) => [...r.outputs.keys()].filter((p) => p.startsWith('photos/'));
      expect(names(after).some((n) => names(before).includes(n))).toBe(false);
      unlinkSync(join(content.dir, 'images/erable-hull.jpg'));
      await expect(engine.build()).rejects.toThrow(/photo introuvable : content\/images\/erable-hull\.jpg/);
    } finally {
      await engine.close();
    }
  });

  it('warns, without failing, about a photo narrower than its slot needs, at its file and line', async () => {
    const content = contentWithPhotos(undefined, SITE_DIR);
    copyPhoto(content.dir, 'etroite.jpg', 'images/etroite.jpg');
    content.edit('cities/hull.md', (t) => t.replace('../images/erable-hull.jpg)', '../images/etroite.jpg)'));
    const result = await buildOnce({ contentDir: content.dir });
    const line = lineOf(content.dir, 'cities/hull.md', '![Un érable après');
    expect(result.warnings.map((w) => `${w.file}:${w.line}:${w.column} ${w.message}`)).toEqual([
      expect.stringMatching(new RegExp(`cities/hull\\.md:${line}:1 photo de 400 pixels de large : une photo dans le texte en demande 960`)),
    ]);
  });
});

describe('a bad photo is a content error at its file, line and column, saying what to write', () => {
  it('a body photo without alt text', async () => {
    const content = contentWithPhotos(undefined, SITE_DIR);
    content.edit('cities/hull.md', (t) => t.replace(HULL_BODY_PHOTO, '![](../images/erable-hull.jpg)'));
    const line = lineOf(content.dir, 'cities/hull.md', '![](');
    expect(await refusal({ contentDir: content.dir })).toEqual([
      expect.stringMatching(new RegExp(`cities/hull\\.md:${line}:1 › texte Markdown : texte de remplacement manquant : écrivez entre les crochets ce que montre la photo`)),
    ]);
  });

  it('a hero photo without alt, and one that leaves content/', async () => {
    const content = contentWithPhotos(undefined, SITE_DIR);
    content.edit('pages/home.md', (t) => t.replace(/\n  alt: "[^"]*"/, ''));
    content.edit('services/elagage.md', (t) => t.replace('src: ../images/erable-hull.jpg', 'src: ../../package.json'));
    const problems = await refusal({ contentDir: content.dir });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`services/elagage\\.md:${lineOf(content.dir, 'services/elagage.md', 'src: ../../')}:8 › photo\\.src : le chemin « \\.\\./\\.\\./package\\.json » sort du dossier content/`)),
        expect.stringMatching(new RegExp(`pages/home\\.md:${lineOf(content.dir, 'pages/home.md', 'src: ../images')}:\\d+ › photo\\.alt : texte de remplacement manquant : ajoutez alt: "ce que montre la photo"`)),
      ]),
    );
  });

  it.each([
    ['a missing file', undefined, /photo introuvable : content\/images\/photo\.jpg/],
    ['a text file named .jpg', 'pas-une-image.jpg', /n’est pas une image lisible/],
    ['a truncated JPEG', 'tronquee.jpg', /image endommagée ou incomplète/],
    ['a decompression bomb', 'bombe.png', /image de 30000 × 30000 pixels, plus de 40 mégapixels/],
  ])('%s, at every page that names it', async (_, fixture, message) => {
    const content = contentWithPhotos(undefined, SITE_DIR);
    const name = fixture?.endsWith('.png') ? 'photo.png' : 'photo.jpg';
    if (fixture) copyPhoto(content.dir, fixture, `images/${name}`);
    content.edit('cities/hull.md', (t) => t.replace('../images/erable-hull.jpg)', `../images/${name})`));
    content.edit('pages/home.md', (t) => t.replace('src: ../images/erable-hull.jpg', `src: ../images/${name}`));
    const problems = await refusal({ contentDir: content.dir });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(new RegExp(`cities/hull\\.md:${lineOf(content.dir, 'cities/hull.md', `](../images/${name}`)}:1 › texte Markdown : `));
    expect(problems[1]).toMatch(new RegExp(`pages/home\\.md:${lineOf(content.dir, 'pages/home.md', `src: ../images/${name}`)}:8 › photo\\.src : `));
    for (const p of problems) expect(p).toMatch(message);
  });
});

function copyPhoto(dir: string, fixture: string, to: string): void {
  const target = join(dir, to);
  if (existsSync(target)) rmSync(target);
  writeFileSync(target, readFileSync(join(TEST_PHOTOS, fixture)));
}
