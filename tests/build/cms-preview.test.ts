import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { cmsConfig, type CmsCollection } from '../../src/admin/cms-config.ts';
import { fromFile } from '../../src/admin/markdown-format.ts';
import { previewEntry } from '../../src/admin/preview/entry-page.tsx';
import { PREVIEW_DATA_PATH, previewDataFiles } from '../../src/admin/preview/preview-data.ts';
import type { SiteDataSet } from '../../src/render/site-data.ts';
import { SITE } from '../helpers/fixture-site.ts';
import { sharedSite } from '../helpers/shared-site.ts';

const ROOT = join(import.meta.dirname, '../..');
let data: SiteDataSet;

beforeAll(async () => {
  const site = await sharedSite();
  // What the editor fetches: the build's data through JSON.
  data = JSON.parse(new TextDecoder().decode(previewDataFiles(site.data).get(PREVIEW_DATA_PATH))) as SiteDataSet;
});

const config = cmsConfig({ repo: 'exemple/site', branch: 'main', english: true }) as { collections: CmsCollection[] };
const html = (page: ReactNode) => renderToStaticMarkup(page);

/**
 * The preview of one content file as the editor holds it, with `change` applied to its values. The
 * editor names it under content/; the test's build is the fixture site's, so the file is read there.
 */
function preview(collection: string, file: string, change: (values: Record<string, unknown>) => void = () => {}) {
  const source = file.replace(/^content\//, `${SITE}/`);
  const values = fromFile(readFileSync(join(ROOT, source), 'utf8'));
  change(values);
  const slug = /cities|services/.test(collection) ? (values.slug as string) : file === 'content/en/site.md' ? 'en-site' : file.replace(/^.*\/|\.md$/g, '');
  return previewEntry(collection, slug, source, values, data);
}

describe('the editor’s preview pane', () => {
  it('renders every file of every collection with the site’s templates, header and footer', () => {
    for (const c of config.collections) {
      const files = c.files ? c.files.map((f) => f.file) : [`${c.folder}/${c.name.endsWith('cities') ? 'hull' : 'elagage'}.md`];
      for (const file of files) {
        const shown = preview(c.name, file);
        if (file.endsWith('pages/city.md')) {
          expect(shown).toEqual({ ok: false, problems: [expect.stringContaining('ouvrez une ville')] });
          continue;
        }
        expect(shown.ok, file).toBe(true);
        const page = html((shown as { page: ReactNode }).page);
        expect(page.includes('class="main-nav"') && page.includes('<footer class="site-footer"'), file).toBe(true);
      }
    }
  });

  it('fills tokens and follows the values being typed', () => {
    const shown = preview('cities', 'content/cities/hull.md', (v) => (v.heroSubtitle = 'Appelez le {phone} : estimation gratuite'));
    // French spacing: a no-break space before the colon.
    const subtitle = /<p class="hero-subtitle">([^<]*)<\/p>/.exec(html((shown as { page: ReactNode }).page))?.[1];
    expect(subtitle).toBe(`Appelez le ${data.fr.site.phone}\u00A0: estimation gratuite`);
  });

  it('previews an English entry with the English site, and content/en/site.md over the French facts', () => {
    const city = preview('en-cities', 'content/en/cities/hull.md', (v) => (v.heroSubtitle = 'Call {phone}: free estimate'));
    expect(html((city as { page: ReactNode }).page)).toContain(`<p class="hero-subtitle">Call ${data.fr.site.phone}: free estimate</p>`);
    const site = preview('site', 'content/en/site.md', (v) => (v.tagline = 'Trees cut down with care'));
    expect(site.ok).toBe(true);
  });

  it('puts the edited service in place of its built version, so the footer lists it too', () => {
    const shown = preview('services', 'content/services/elagage.md', (v) => (v.name = 'Élagage d’essai'));
    const page = html((shown as { page: ReactNode }).page);
    const footer = page.slice(page.indexOf('<footer'));
    expect(footer).toContain('Élagage d’essai');
    expect(footer).not.toContain('>Élagage<');
  });

  it('says what the build would refuse instead of showing a page', () => {
    expect(preview('cities', 'content/cities/hull.md', (v) => (v.heroSubtitle = ''))).toEqual({ ok: false, problems: [expect.stringMatching(/^heroSubtitle : /)] });
  });
});
