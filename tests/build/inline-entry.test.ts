import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyHeaderRules, parseHeaders } from '../../src/host/header-rules.ts';
import { cspHash } from '../../src/shared/hash.ts';
import { shared } from '../helpers/shared-site.ts';

const dist = () => shared().dir;
const pageFiles = () => (readdirSync(dist(), { recursive: true }) as string[]).filter((f) => f.endsWith('.html') && !f.startsWith('admin'));
const entryOf = (html: string) => [...html.matchAll(/<script type="module">(.*?)<\/script>/gs)].map((m) => m[1]!);

describe('the islands’ entry script in dist/', () => {
  it('is written once in the head of every page, the same code everywhere, and the CSP allows it by its hash', () => {
    const found = new Set<string>();
    for (const file of pageFiles()) {
      const html = readFileSync(join(dist(), file), 'utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(entryOf(head), file).toHaveLength(1);
      expect(entryOf(html), file).toHaveLength(1);
      expect(head, file).not.toMatch(/<script type="module" src=/);
      found.add(entryOf(head)[0]!);
    }
    expect(found.size).toBe(1);
    const policy = applyHeaderRules(parseHeaders(readFileSync(join(dist(), '_headers'), 'utf8')).rules, { pathname: '/' })['content-security-policy'];
    expect(policy).toContain(cspHash([...found][0]!));
    expect(policy).not.toContain('unsafe-inline');
  });

  it('loads each island’s code from a file of dist/assets by an absolute address, and dist/ holds no entry file nobody asks for', () => {
    const [entry] = entryOf(readFileSync(join(dist(), 'index.html'), 'utf8'));
    const imports = [...entry!.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(imports.length).toBeGreaterThanOrEqual(3);
    const assets = readdirSync(join(dist(), 'assets'));
    for (const url of imports) {
      expect(url).toMatch(/^\/assets\/[\w-]+\.js$/);
      expect(assets).toContain(url.slice('/assets/'.length));
    }
    expect(assets.filter((f) => f.startsWith('entry-'))).toEqual([]);
  });
});
