import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BrokenLinksError, fastBuild, findBrokenLinks, pageRefs, sitemapRefs, locateLinkSources } from '../../src/engine/index.ts';
import { diagnosticPlace } from '../../src/shared/diagnostic.ts';
import type { ContentFile } from '../../src/content/content-files.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { copySite } from '../helpers/fixture-site.ts';

const BASE = 'https://www.exemple.ca';

describe('internal link check', () => {
  it('fails the build, naming the page address, the target and the content file, line and column that wrote it, once for a page and its alias', async () => {
    const copy = copySite();
    copy.edit('cities/hull.md', (t) => t.replace(/\n---\n/, '\n---\nVoyez aussi [nos tarifs](/tarifs) et [Aylmer](/abattage-aylmer).\n\n'));
    const file = relative(process.cwd(), join(copy.dir, 'cities/hull.md'));
    const line = readFileSync(join(copy.dir, 'cities/hull.md'), 'utf8').split('\n').findIndex((l) => l.startsWith('Voyez aussi')) + 1;
    try {
      await fastBuild({ contentDir: copy.dir, cacheDir: warmCache() });
      expect.unreachable('the build accepted a broken link');
    } catch (error) {
      expect(error).toBeInstanceOf(BrokenLinksError);
      expect((error as BrokenLinksError).broken).toEqual([{ kind: 'link', pages: ['/abattage-hull'], target: '/tarifs', near: [], file, line, column: 26 }]);
      expect((error as Error).message).toContain(`${file}:${line}:26 › lien « /tarifs » sur la page /abattage-hull : aucune page à cette adresse`);
    } finally {
      rmSync(copy.dir, { recursive: true, force: true });
    }
  });

  it('reports a mistyped link of site.md once per line it is written on, with every page it breaks and the address meant', async () => {
    const copy = copySite();
    copy.edit('site.md', (t) => `${t}\nVoyez [Aylmer](/abattage-aylmr).\n\nEt [Hull](/hull) ou encore [Aylmer](/abattage-aylmr).\n`);
    const file = relative(process.cwd(), join(copy.dir, 'site.md'));
    const lines = readFileSync(join(copy.dir, 'site.md'), 'utf8').split('\n');
    const first = lines.findIndex((l) => l.startsWith('Voyez [Aylmer]')) + 1;
    const second = lines.findIndex((l) => l.startsWith('Et [Hull]')) + 1;
    try {
      await fastBuild({ contentDir: copy.dir, cacheDir: warmCache() });
      expect.unreachable('the build accepted a broken link');
    } catch (error) {
      const broken = (error as BrokenLinksError).broken;
      expect(broken.map(({ target, line, column, near }) => ({ target, line, column, near }))).toEqual([
        { target: '/abattage-aylmr', line: first, column: 16, near: ['/abattage-aylmer'] },
        { target: '/abattage-aylmr', line: second, column: lines[second - 1]!.indexOf('/abattage-aylmr') + 1, near: ['/abattage-aylmer'] },
        { target: '/hull', line: second, column: 11, near: ['/abattage-hull'] },
      ]);
      expect(broken[0]!.file).toBe(file);
      expect(broken[0]!.pages).toEqual(expect.arrayContaining(['/', '/abattage-hull', '/services/elagage']));
      expect(broken[0]!.pages).not.toContain('/zones/hull');
      expect((error as Error).message).toContain(`${file}:${first}:16 › lien « /abattage-aylmr » sur les pages /, `);
      expect((error as Error).message).toContain('vouliez-vous dire « /abattage-aylmer » ?');
    } finally {
      rmSync(copy.dir, { recursive: true, force: true });
    }
  });

  it('sends a link no content file holds to the templates, and finds one the page holds escaped (/plan%C3%A9) as the editor wrote it (/plané)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'liens-'));
    const files: ContentFile[] = ['site.md', 'hull.md'].map((name) => ({
      kind: name === 'site.md' ? { type: 'site', locale: 'fr' } : { type: 'city', locale: 'fr' },
      path: join(dir, name),
      file: name,
      locale: 'fr',
      pairKey: name,
    }));
    writeFileSync(join(dir, 'site.md'), '---\nname: x\n---\n');
    writeFileSync(join(dir, 'hull.md'), `---\nslug: hull\n---\nVoir [le plan](/plané).\n`);
    try {
      const located = locateLinkSources(
        [{ page: '/abattage-hull', target: `${BASE}/plan%C3%A9` }, { page: '/', target: '/assets/perdu.js' }],
        files,
        (page) => (page === '/abattage-hull' ? 'hull.md' : undefined),
        BASE,
        ['/', '/plan', '/abattage-hull'],
      );
      expect(located).toEqual([
        { kind: 'link', pages: ['/abattage-hull'], target: `${BASE}/plan%C3%A9`, near: ['/plan'], file: 'hull.md', line: 4, column: 16 },
        { kind: 'link', pages: ['/'], target: '/assets/perdu.js', near: [] },
      ]);
      expect(diagnosticPlace(located[1]!)).toMatch(/gabarit/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('checks links, scripts, styles, icons, canonical and og:image URLs, and sitemap entries', () => {
    const page = [
      '<a href="/ok">a</a><a href="/manque">b</a><a href="#haut">c</a><a href="tel:+18195550142">d</a><a href="https://ailleurs.ca/x">e</a>',
      '<script type="module" src="/assets/absent.js"></script><link rel="stylesheet" href="/assets/site.css"/>',
      `<link rel="canonical" href="${BASE}/perdu"/><meta property="og:image" content="${BASE}/og.png"/><link rel="icon" href="/favicon.svg"/>`,
    ].join('');
    const files = new Set(['index.html', 'ok.html', 'assets/site.css', 'og.png', 'sitemap.xml']);
    const sitemap = `<urlset><url><loc>${BASE}/</loc></url><url><loc>${BASE}/fantome</loc></url></urlset>`;
    const refs: [string, string[]][] = [
      ['index.html', pageRefs(page, BASE)],
      ['ok.html', pageRefs('<p></p>', BASE)],
      ['sitemap.xml', sitemapRefs(sitemap)],
    ];
    expect(findBrokenLinks(refs, (f) => files.has(f), BASE)).toEqual([
      { page: 'index.html', target: '/manque' },
      { page: 'index.html', target: '/assets/absent.js' },
      { page: 'index.html', target: `${BASE}/perdu` },
      { page: 'index.html', target: '/favicon.svg' },
      { page: 'sitemap.xml', target: `${BASE}/fantome` },
    ]);
  });
});
