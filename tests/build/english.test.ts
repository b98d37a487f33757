import { rmSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { issuesAfter } from '../helpers/content-issues.ts';
import { ContentError } from '../../src/content/content-error.ts';
import { fastBuild } from '../../src/engine/index.ts';
import { en } from '../../src/shared/ui/en.ts';
import { fr } from '../../src/shared/ui/fr.ts';
import { outputFile } from '../../src/site/paths.ts';
import { buildToTemp, html, jsonLdBlocks, visibleText } from '../../tools/lib/built-site.ts';
import { sharedSite, warmCache } from '../helpers/shared-site.ts';
import { copySite } from '../helpers/fixture-site.ts';

const BASE = 'https://www.arbo-expert-outaouais.example';

let site: Awaited<ReturnType<typeof buildToTemp>>;

beforeAll(async () => {
  site = await sharedSite();
});

const primaries = () => site.routes.filter((r) => r.path === r.canonical && r.page.template !== 'not-found');
const pageOf = (path: string) => html(site, outputFile(path));

/** The hreflang alternates a page's head declares: language → absolute URL. */
function hreflangs(page: string): Record<string, string> {
  const head = page.slice(0, page.indexOf('</head>'));
  return Object.fromEntries([...head.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, m[2]!]));
}

/**
 * Every hreflang that is not returned: a page names an alternate whose own head does not list
 * the same set (itself included). `pages`: absolute URL → HTML.
 */
function oneWayAlternates(pages: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [url, page] of pages) {
    const own = hreflangs(page);
    for (const [lang, other] of Object.entries(own)) {
      if (other === url || lang === 'x-default') continue;
      const back = pages.get(other);
      if (!back || JSON.stringify(hreflangs(back)) !== JSON.stringify(own)) problems.push(`${url} → ${lang} ${other}, which does not name it back`);
    }
  }
  return problems;
}

/**
 * The French texts of the interface table that English does not share, each at least a word long:
 * a function's fixed parts, called with a stand-in. The language link is French on purpose.
 */
function frenchOnlyStrings(frTable: unknown, enTable: unknown, key = ''): string[] {
  if (key === 'language') return [];
  if (typeof frTable === 'string') return frTable !== enTable && frTable.trim().length >= 4 ? [frTable.trim()] : [];
  if (typeof frTable === 'function') {
    const parts = String(frTable('\u0000')).split('\u0000');
    const enParts = String((enTable as (x: string) => string)('\u0000')).split('\u0000');
    return parts.filter((p) => p.trim().length >= 6 && !enParts.includes(p)).map((p) => p.trim());
  }
  return Object.entries(frTable as object).flatMap(([k, v]) => frenchOnlyStrings(v, (enTable as Record<string, unknown>)[k], k));
}

describe('the English site', () => {
  it('opens /en/tree-removal-ottawa in English, with its canonical, its hreflang alternates and a plain link to the same page in French', () => {
    const page = pageOf('/en/tree-removal-ottawa');
    expect(page).toMatch(/^<!DOCTYPE html><html lang="en-CA">/);
    expect(page).toContain(`<link rel="canonical" href="${BASE}/en/tree-removal-ottawa"/>`);
    expect(hreflangs(page)).toEqual({ 'fr-CA': `${BASE}/abattage-ottawa`, 'en-CA': `${BASE}/en/tree-removal-ottawa`, 'x-default': `${BASE}/abattage-ottawa` });
    expect(page).toContain('<meta property="og:locale" content="en_CA"/><meta property="og:locale:alternate" content="fr_CA"/>');
    expect(page).toContain('<a class="top-bar-link language-link" href="/abattage-ottawa" lang="fr" hrefLang="fr-CA">Français</a>');
    expect(visibleText(page)).toContain('TREE REMOVAL IN OTTAWA');
    const french = pageOf('/abattage-ottawa');
    expect(french).toContain('<a class="top-bar-link language-link" href="/en/tree-removal-ottawa" lang="en" hrefLang="en-CA">English</a>');
  });

  it('declares hreflang both ways: every page of a pair names the same three alternates, x-default the French one', () => {
    const pages = new Map(primaries().map((r) => [`${BASE}${r.path}`, pageOf(r.path)]));
    // Home, services, 4 services, zones, 12 cities, about, contact, privacy: 22 pairs.
    expect([...pages.values()].filter((p) => Object.keys(hreflangs(p)).length === 3)).toHaveLength(2 * 22);
    expect(oneWayAlternates(pages)).toEqual([]);
  });

  it('would catch a one-way hreflang (the check can fail)', () => {
    const french = pageOf('/abattage-hull');
    const english = pageOf('/en/tree-removal-hull').replace(/<link rel="alternate" hrefLang="fr-CA"[^>]*>/, '');
    const pages = new Map([
      [`${BASE}/abattage-hull`, french],
      [`${BASE}/en/tree-removal-hull`, english],
    ]);
    expect(oneWayAlternates(pages)).toEqual([`${BASE}/abattage-hull → en-CA ${BASE}/en/tree-removal-hull, which does not name it back`]);
  });

  it('lists both pages of each pair in the sitemap, each with the pair’s alternates', () => {
    const sitemap = html(site, 'sitemap.xml');
    const entry = (path: string) => sitemap.match(new RegExp(`<url><loc>${BASE}${path}</loc>.*</url>`))?.[0];
    for (const path of ['/abattage-ottawa', '/en/tree-removal-ottawa']) {
      expect(entry(path), path).toContain(`<xhtml:link rel="alternate" hreflang="fr-CA" href="${BASE}/abattage-ottawa"/>`);
      expect(entry(path), path).toContain(`<xhtml:link rel="alternate" hreflang="en-CA" href="${BASE}/en/tree-removal-ottawa"/>`);
      expect(entry(path), path).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/abattage-ottawa"/>`);
    }
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it('shows no French text of the interface table on any English page', () => {
    const french = frenchOnlyStrings(fr, en);
    expect(french).toContain('Demander un devis gratuit');
    for (const route of site.routes.filter((r) => r.locale === 'en')) {
      const page = pageOf(route.path);
      const found = french.filter((s) => page.includes(s));
      expect(found, route.path).toEqual([]);
    }
    // The check can fail: a French button left on an English page is found.
    const leftOver = pageOf('/en/contact').replace('Get a free quote', 'Demander un devis gratuit');
    expect(french.filter((s) => leftOver.includes(s))).toEqual(['Demander un devis gratuit']);
  });

  it('reads in English: no common French word on an English page, but in a passage marked lang="fr" or a Québec institution’s name', () => {
    const french = /(?<![\p{L}’'-])(les|des|une|pour|avec|nous|vous|dans|sur|aux|du|et|à|votre|notre|qui|sont|arbres?|abattage|élagage|dessouchage|devis|aucun)(?![\p{L}’'-])/giu;
    const names = ['Commission d’accès à l’information du Québec'];
    for (const route of site.routes.filter((r) => r.locale === 'en' && r.path === r.canonical)) {
      const body = pageOf(route.path).replace(/<([a-z]+)[^>]*\blang="fr"[^>]*>[\s\S]*?<\/\1>/g, '');
      let text = visibleText(body);
      for (const name of names) text = text.replaceAll(name, '');
      expect(text.match(french), route.path).toBeNull();
    }
  });

  it('gives the English form its English texts and the same values as the French one', () => {
    const props = (page: string) => JSON.parse(page.match(/data-island-props="quote-form-[^"]*">([\s\S]*?)<\/script>/)![1]!);
    const english = props(pageOf('/en/contact'));
    const french = props(pageOf('/contact'));
    expect(english.strings).toEqual(en.quote);
    expect(english.cityParam).toBe('city');
    expect(english.cities.map((o: { value: string }) => o.value)).toEqual(french.cities.map((o: { value: string }) => o.value));
    expect(english.services.map((o: { value: string }) => o.value)).toEqual(french.services.map((o: { value: string }) => o.value));
    expect(pageOf('/en/tree-removal-hull')).toContain('href="/en/contact?city=hull"');
  });

  it('writes its structured data in English: the FAQ says inLanguage en-CA and matches the visible questions', () => {
    const page = pageOf('/en/services/tree-pruning');
    const faq = jsonLdBlocks(page).find((b) => b['@type'] === 'FAQPage') as { inLanguage: string; mainEntity: { name: string }[] };
    expect(faq.inLanguage).toBe('en-CA');
    const text = visibleText(page);
    for (const q of faq.mainEntity) expect(text).toContain(q.name);
    const crumbs = jsonLdBlocks(page).find((b) => b['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement.map((c) => [c.name, c.item])).toEqual([
      ['Home', `${BASE}/en/`],
      ['Services', `${BASE}/en/services`],
      ['Tree pruning', `${BASE}/en/services/tree-pruning`],
    ]);
  });

  it('writes the English not-found page as en/404.html, in English, out of the sitemap', () => {
    const page = html(site, 'en/404.html');
    expect(page).toMatch(/^<!DOCTYPE html><html lang="en-CA">/);
    expect(page).not.toContain('rel="canonical"');
    expect(html(site, 'sitemap.xml')).not.toContain('/en/404');
  });
});


describe('pairs of files', () => {
  it('refuses a French city without its English file, naming both paths', async () => {
    const issues = await issuesAfter((copy) => rmSync(`${copy.dir}/en/cities/hull.md`));
    expect(issues).toEqual([expect.objectContaining({ file: expect.stringMatching(/cities\/hull\.md$/), line: 1, message: expect.stringMatching(/fichier anglais manquant : .*en\/cities\/hull\.md/) })]);
    expect(issues[0]!.file).not.toContain('/en/');
  });

  it('builds a French city marked frenchOnly without English, and lists it', async () => {
    const copy = copySite();
    try {
      rmSync(`${copy.dir}/en/cities/thurso.md`);
      copy.edit('cities/thurso.md', (t) => t.replace('slug: thurso', 'slug: thurso\nfrenchOnly: true'));
      const built = await fastBuild({ contentDir: copy.dir, cacheDir: warmCache() });
      expect(built.frenchOnly).toEqual([expect.stringMatching(/cities\/thurso\.md$/)]);
      const route = built.routes.find((r) => r.path === '/abattage-thurso')!;
      expect(route.alternates).toEqual({});
      expect(built.files.get('abattage-thurso.html')).toContain('href="/en/" lang="en" hrefLang="en-CA">English</a>');
      expect(built.files.has('en/tree-removal-thurso.html')).toBe(false);
    } finally {
      rmSync(copy.dir, { recursive: true, force: true });
    }
  });

  it('refuses an English file without its French one, and an English page missing', async () => {
    const issues = await issuesAfter((copy) => {
      copy.write('en/cities/nowhere.md', '---\n---\n');
      rmSync(`${copy.dir}/en/pages/about.md`);
    });
    const messages = issues.map((i) => `${i.file} › ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
      expect.stringMatching(/en\/pages\/about\.md › fichier anglais manquant : il traduit \S*\/pages\/about\.md/),
      expect.stringMatching(/en\/cities\/nowhere\.md › aucun fichier français correspondant/),
    ]),
    );
  });

  it('refuses an English city whose form value or slug differs from the French one', async () => {
    const issues = await issuesAfter((copy) => copy.edit('en/cities/lange-gardien.md', (t) => t.replace('formValue: lage-gardien', 'formValue: lange-gardien')));
    expect(issues).toEqual([expect.objectContaining({ file: expect.stringMatching(/en\/cities\/lange-gardien\.md$/), field: 'formValue', message: expect.stringMatching(/doit être « lage-gardien »/) })]);
  });

  it('refuses an English site.md that restates a fact of the French one', async () => {
    const issues = await issuesAfter((copy) => copy.edit('en/site.md', (t) => t.replace('tagline:', 'phone: "613 555-0100"\ntagline:')));
    expect(issues).toEqual([expect.objectContaining({ file: expect.stringMatching(/en\/site\.md$/), field: 'phone', message: expect.stringMatching(/« phone » est un fait de l’entreprise : il s’écrit une seule fois, dans content\/site\.md/) })]);
  });
});

describe('links between the languages', () => {
  it('refuses an English page that links to a French page with an English version, at the line that wrote it', async () => {
    const copy = copySite();
    try {
      copy.edit('en/cities/hull.md', (t) => t.replace(/\n---\n/, '\n---\nSee also [our page on Gatineau](/abattage-gatineau).\n'));
      const error = await fastBuild({ contentDir: copy.dir, cacheDir: warmCache() }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ContentError);
      const issues = (error as ContentError).issues;
      // Once: the alias (/en/service-areas/hull) is the same page.
      expect(issues).toHaveLength(1);
      for (const issue of issues) {
        expect(issue).toEqual(expect.objectContaining({ file: expect.stringMatching(/en\/cities\/hull\.md$/), line: expect.any(Number), message: expect.stringMatching(/\/abattage-gatineau.*liez \/en\/tree-removal-gatineau/) }));
      }
    } finally {
      rmSync(copy.dir, { recursive: true, force: true });
    }
  });
});
