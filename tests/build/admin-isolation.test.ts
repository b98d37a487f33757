import { describe, expect, it } from 'vitest';
import { adminFiles } from '../../src/admin/admin-files.ts';
import { fastBuild, PROJECT_ROOT } from '../../src/engine/index.ts';
import { SPECULATION_RULES } from '../../src/site/speculation-rules.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { SITE } from '../helpers/fixture-site.ts';

const admin = () => adminFiles({ root: PROJECT_ROOT, repo: 'exemple/site', branch: 'main', english: false });

describe('the web editor stays at /admin', () => {
  it('is linked, loaded or listed by no public page, asset, sitemap or robots.txt', async () => {
    const [site, files] = await Promise.all([fastBuild({ contentDir: SITE, quoteWebhook: 'https://hook.eu1.make.com/abc', cacheDir: warmCache() }), admin()]);
    expect([...files.keys()]).toEqual(['admin.html', expect.stringMatching(/^admin\/cms-[0-9A-Za-z]{10}\.js$/)]);
    const decoder = new TextDecoder();
    // The speculation rules in every page name /admin to keep it from ever being fetched ahead: that mention must stay an exclusion.
    const rules = JSON.parse(SPECULATION_RULES) as { prefetch: { where: { and: { not?: { href_matches?: string[] } }[] } }[] };
    const excluded = rules.prefetch[0]!.where.and.flatMap((part) => part.not?.href_matches ?? []);
    expect(excluded.filter((pattern) => pattern.startsWith('/admin'))).toHaveLength(2);
    const text = (body: string | Uint8Array) => (typeof body === 'string' ? body : decoder.decode(body)).replace(SPECULATION_RULES, '');
    const mentions = [...site.files]
      .filter(([path]) => !path.startsWith('_'))
      .filter(([, body]) => /["'(/]admin(?:\.html|\/|["')?#])|decap/i.test(text(body)))
      .map(([path]) => path);
    expect(mentions).toEqual([]);
    expect(site.files.has('admin.html')).toBe(false);
  });

  it('gives the editor’s page one script, its own bundle, and keeps it out of search engines', async () => {
    const files = await admin();
    const page = new TextDecoder().decode(files.get('admin.html'));
    expect([...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])).toEqual([`/${[...files.keys()][1]}`]);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});
