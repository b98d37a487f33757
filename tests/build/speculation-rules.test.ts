import { mkdtempSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyHeaderRules, parseHeaders } from '../../src/host/header-rules.ts';
import { createSiteServer } from '../../src/server/static-server.ts';
import { close, listen } from '../../tools/lib/server.ts';
import { shared } from '../helpers/shared-site.ts';

const dist = () => shared().dir;
const headersAt = (pathname: string) => applyHeaderRules(parseHeaders(readFileSync(join(dist(), '_headers'), 'utf8')).rules, { pathname });

interface Rule {
  source: string;
  eagerness: string;
  where: { and: [{ href_matches: string }, { not: { href_matches: string[] } }, { not: { selector_matches: string } }] };
}

let server: Server;
let base: string;

beforeAll(async () => {
  server = createSiteServer({ root: dist(), leadsFile: join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads.jsonl'), log: () => {} });
  base = await listen(server);
});
afterAll(() => close(server));

describe('speculation rules in dist/', () => {
  it('names the rules file in a Speculation-Rules header on every page, and not on the editor', () => {
    for (const path of ['/', '/abattage-gatineau', '/contact', '/en/', '/404']) expect(headersAt(path)['speculation-rules']).toBe('"/speculation-rules.json"');
    for (const path of ['/admin', '/admin/index.js']) expect(headersAt(path)).not.toHaveProperty('speculation-rules');
  });

  it('serves the file with the type Chromium requires, and the page with the header, from our server as from the host', async () => {
    const rules = await fetch(`${base}/speculation-rules.json`);
    expect(rules.headers.get('content-type')).toBe('application/speculationrules+json');
    expect((await fetch(`${base}/abattage-gatineau`)).headers.get('speculation-rules')).toBe('"/speculation-rules.json"');
  });

  it('prefetches on hover (moderate) and prerenders on press (conservative) the site’s own documents, never /api/*, /admin, files that are not pages, nor links marked nofollow, target or download', () => {
    const { prefetch, prerender } = JSON.parse(readFileSync(join(dist(), 'speculation-rules.json'), 'utf8')) as { prefetch: Rule[]; prerender: Rule[] };
    expect(prefetch.map((r) => [r.source, r.eagerness])).toEqual([['document', 'moderate']]);
    expect(prerender.map((r) => [r.source, r.eagerness])).toEqual([['document', 'conservative']]);
    for (const rule of [...prefetch, ...prerender]) {
      const [site, paths, links] = rule.where.and;
      expect(site.href_matches).toBe('/*\\?*#*');
      for (const excluded of ['/api/*', '/admin', '/admin/*', '/assets/*', '/photos/*', '/cartes/*']) expect(paths.not.href_matches).toContain(`${excluded}\\?*#*`);
      expect(links.not.selector_matches).toBe('[rel~="nofollow"], [target], [download]');
    }
  });

  it('fades one page into the next only for visitors who did not ask for less motion', () => {
    const css = /<style data-site-style="">([^<]*)<\/style>/.exec(readFileSync(join(dist(), 'index.html'), 'utf8'))![1]!;
    expect(css).toContain('@media(prefers-reduced-motion:no-preference){@view-transition{navigation:auto}}');
  });
});
