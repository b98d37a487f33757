import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BrokenLinksError, buildSite } from '../../src/build/build-site.ts';
import { findBrokenLinks, pageRefs, sitemapRefs } from '../../src/build/check-links.ts';
import { copyContent } from '../helpers/content-copy.ts';

const BASE = 'https://www.exemple.ca';

describe('internal link check', () => {
  it('fails the build, naming page and target, when content links to a page that does not exist', async () => {
    const copy = copyContent();
    copy.edit('cities/hull.md', (t) => t.replace(/\n---\n/, '\n---\nVoyez aussi [nos tarifs](/tarifs) et [Aylmer](/abattage-aylmer).\n\n'));
    try {
      await buildSite({ contentDir: copy.dir });
      expect.unreachable('the build accepted a broken link');
    } catch (error) {
      expect(error).toBeInstanceOf(BrokenLinksError);
      expect((error as BrokenLinksError).broken).toEqual([
        { page: 'abattage-hull.html', target: '/tarifs' },
        { page: 'zones/hull.html', target: '/tarifs' },
      ]);
    } finally {
      rmSync(copy.dir, { recursive: true, force: true });
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
