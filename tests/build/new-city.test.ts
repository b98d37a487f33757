import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastBuild } from '../../src/engine/index.ts';
import { html } from '../../tools/lib/built-site.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { copySite } from '../helpers/fixture-site.ts';

describe('an editor adds a city', () => {
  it('gets its two addresses, its place on the zones page and in the sitemap from one Markdown file', async () => {
    const copy = copySite();
    // Its French file and, since the site is in English too, its English one.
    for (const file of ['cities/hull.md', 'en/cities/hull.md']) {
      const hull = readFileSync(join(copy.dir, file), 'utf8');
      copy.write(
        file.replace('hull', 'maniwaki'),
        hull
          .replace(/^slug: .*$/m, 'slug: maniwaki')
          .replace(/^name: .*$/m, 'name: "Maniwaki"')
          .replace(/^order: .*$/m, 'order: 13')
          .replace(/^featured: .*$/m, 'featured: false')
          .replaceAll('Hull', 'Maniwaki'),
      );
    }
    try {
      const site = await fastBuild({ contentDir: copy.dir, cacheDir: warmCache() });
      const page = html(site, 'abattage-maniwaki.html');
      expect(page).toContain('<h1>ABATTAGE D’ARBRES À MANIWAKI</h1>');
      expect(html(site, 'zones/maniwaki.html')).toBe(page);
      expect(html(site, 'zones-desservies.html')).toContain('href="/abattage-maniwaki"');
      expect(site.files.get('sitemap.xml')).toContain('/abattage-maniwaki</loc>');
      expect(html(site, 'index.html')).not.toContain('href="/abattage-maniwaki"');
      expect(html(site, 'en/service-areas.html')).toContain('href="/en/tree-removal-maniwaki"');
      expect(html(site, 'abattage-maniwaki.html')).toContain('href="/en/tree-removal-maniwaki" lang="en" hrefLang="en-CA"');
    } finally {
      rmSync(copy.dir, { recursive: true, force: true });
    }
  });
});
