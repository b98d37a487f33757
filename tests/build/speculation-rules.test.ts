import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyHeaderRules, parseHeaders } from '../../src/host/header-rules.ts';
import { createSiteServer } from '../../src/server/static-server.ts';
import { cspHash } from '../../src/shared/hash.ts';
import { SPECULATION_RULES } from '../../src/site/speculation-rules.ts';
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

/** The text of the rules block in `html`, as the browser reads it. */
const rulesIn = (html: string) => /<script type="speculationrules">([^<]*)<\/script>/.exec(html)?.[1];

describe('speculation rules in dist/', () => {
  it('writes the rules in the head of every page, allowed by the CSP by their hash, with no header or file to fetch, and nothing of them in the editor', () => {
    for (const [path, file] of [['/', 'index.html'], ['/abattage-gatineau', 'abattage-gatineau.html'], ['/contact', 'contact.html'], ['/en/', 'en/index.html'], ['/404', '404.html']] as const) {
      const html = readFileSync(join(dist(), file), 'utf8');
      expect(rulesIn(html.slice(0, html.indexOf('</head>'))), path).toBe(SPECULATION_RULES);
      const entry = /<script type="module">(.*?)<\/script>/s.exec(html)![1]!;
      expect(headersAt(path)['content-security-policy']).toContain(`script-src 'self' ${cspHash(SPECULATION_RULES)} ${cspHash(entry)};`);
      expect(headersAt(path)).not.toHaveProperty('speculation-rules');
    }
    expect(existsSync(join(dist(), 'speculation-rules.json'))).toBe(false);
    for (const path of ['/admin', '/admin/index.js']) expect(headersAt(path)['content-security-policy']).not.toContain(cspHash(SPECULATION_RULES));
  });

  it('serves each page with its rules and the policy that allows them, from our server as from the host', async () => {
    const page = await fetch(`${base}/abattage-gatineau`);
    expect(page.headers.get('content-security-policy')).toContain(cspHash(SPECULATION_RULES));
    expect(rulesIn(await page.text())).toBe(SPECULATION_RULES);
  });

  it('prefetches on hover (moderate) and prerenders on press (conservative) the site’s own documents, never /api/*, /admin, files that are not pages, nor links marked nofollow, target or download', () => {
    const { prefetch, prerender } = JSON.parse(rulesIn(readFileSync(join(dist(), 'index.html'), 'utf8'))!) as { prefetch: Rule[]; prerender: Rule[] };
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
