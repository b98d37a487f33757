import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { outputFile } from '../../src/site/paths.ts';
import { buildToTemp, html, jsonLdBlocks, visibleText } from '../../tools/lib/built-site.ts';
import { sharedSite } from '../helpers/shared-site.ts';

const CITY_SLUGS = ['gatineau', 'hull', 'aylmer', 'buckingham', 'chelsea', 'val-des-monts', 'cantley', 'ottawa', 'masson-angers', 'thurso', 'lange-gardien', 'papineauville'];
const FEATURED = ['gatineau', 'hull', 'aylmer', 'buckingham', 'val-des-monts', 'cantley', 'chelsea', 'lange-gardien', 'thurso', 'papineauville'];

/** The routes every page of the site must answer: path → its primary (canonical) path. */
const SPEC_ROUTES: Record<string, string> = {
  '/': '/',
  '/services': '/services',
  '/services/abattage-arbre': '/services/abattage-arbre',
  '/services/abattage-arbres': '/services/abattage-arbre',
  '/services/elagage': '/services/elagage',
  '/services/dessouchage': '/services/dessouchage',
  '/services/urgence-24-7': '/services/urgence-24-7',
  '/urgence': '/services/urgence-24-7',
  '/zones-desservies': '/zones-desservies',
  '/zones': '/zones-desservies',
  '/a-propos': '/a-propos',
  '/about': '/a-propos',
  '/contact': '/contact',
  ...Object.fromEntries(CITY_SLUGS.flatMap((s) => [[`/abattage-${s}`, `/abattage-${s}`], [`/zones/${s}`, `/abattage-${s}`]])),
};

/** The English site: the addresses a Canadian would type, under /en/. */
const EN_SERVICES: Record<string, string[]> = {
  'tree-removal': ['/en/services/tree-cutting'],
  'tree-pruning': [],
  'stump-grinding': [],
  'emergency-tree-service': ['/en/emergency'],
};
const EN_ROUTES: Record<string, string> = {
  '/en/': '/en/',
  '/en/services': '/en/services',
  ...Object.fromEntries(Object.entries(EN_SERVICES).flatMap(([slug, aliases]) => [`/en/services/${slug}`, ...aliases].map((p) => [p, `/en/services/${slug}`]))),
  '/en/service-areas': '/en/service-areas',
  ...Object.fromEntries(CITY_SLUGS.flatMap((s) => [[`/en/tree-removal-${s}`, `/en/tree-removal-${s}`], [`/en/service-areas/${s}`, `/en/tree-removal-${s}`]])),
  '/en/about': '/en/about',
  '/en/contact': '/en/contact',
  '/en/privacy': '/en/privacy',
  '/en/404': '/en/404',
};

let site: Awaited<ReturnType<typeof buildToTemp>>;
const BASE = 'https://www.arbo-expert-outaouais.example';

beforeAll(async () => {
  site = await sharedSite();
});

describe('route table', () => {
  it('holds every fixed route with its primary path, plus the privacy policy (Law 25) and the not-found page', () => {
    const table = Object.fromEntries(site.routes.filter((r) => r.locale === 'fr').map((r) => [r.path, r.canonical]));
    expect(table).toEqual({ ...SPEC_ROUTES, '/confidentialite': '/confidentialite', '/404': '/404' });
  });

  it('holds the English site under /en/, each page with its English address and aliases like the French ones', () => {
    const table = Object.fromEntries(site.routes.filter((r) => r.locale === 'en').map((r) => [r.path, r.canonical]));
    expect(table).toEqual(EN_ROUTES);
  });
});

describe('built pages', () => {
  it('writes every route as a file served at its extensionless URL, each with one <h1>', () => {
    for (const route of site.routes) {
      const file = join(site.dir, outputFile(route.path));
      expect(existsSync(file), file).toBe(true);
      const page = readFileSync(file, 'utf8');
      expect(page.match(/<h1[ >]/g), route.path).toHaveLength(1);
      expect(page).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${route.locale}-CA">`));
    }
    expect(existsSync(join(site.dir, '404.html'))).toBe(true);
  });

  it('carries nothing of the live preview: no dev script, stylesheet or event stream in any page', () => {
    for (const [file, body] of site.files) if (typeof body === 'string') expect(body, file).not.toContain('__dev');
  });

  it('gives every page a unique title and description, and aliases the canonical of their primary page', () => {
    const titles = new Map<string, string>();
    for (const route of site.routes) {
      const page = html(site, outputFile(route.path));
      const title = page.match(/<title>([^<]+)<\/title>/)![1]!;
      expect(page).toMatch(/<meta name="description" content="[^"]{50,}"/);
      if (route.page.template === 'not-found') {
        expect(page).not.toContain('rel="canonical"');
        continue;
      }
      const canonical = `${BASE}${route.canonical === '/' ? '/' : route.canonical}`;
      expect(page, route.path).toContain(`<link rel="canonical" href="${canonical}"/>`);
      expect(page).toContain(`<meta property="og:url" content="${canonical}"/>`);
      expect(page).toContain('<meta name="twitter:card" content="summary_large_image"/>');
      if (route.path === route.canonical) {
        expect(titles.get(title), `${route.path} shares its title`).toBeUndefined();
        titles.set(title, route.path);
      }
    }
  });

  it('serves every alias as the very bytes of its primary page, so the browser sweeps visit each page once', () => {
    const aliases = site.routes.filter((r) => r.path !== r.canonical);
    expect(aliases.length).toBeGreaterThanOrEqual(30);
    const differing = aliases.filter((r) => html(site, outputFile(r.path)) !== html(site, outputFile(r.canonical))).map((r) => r.path);
    expect(differing).toEqual([]);
  });

  it('gives each city page its three structured-data blocks: LocalBusiness, FAQPage, BreadcrumbList', () => {
    for (const slug of CITY_SLUGS) {
      const blocks = jsonLdBlocks(html(site, `abattage-${slug}.html`));
      expect(blocks.map((b) => b['@type'])).toEqual(['LocalBusiness', 'FAQPage', 'BreadcrumbList']);
      const [business, faq, crumbs] = blocks as [Record<string, any>, Record<string, any>, Record<string, any>];
      expect(business).toMatchObject({ priceRange: '$$', telephone: '+18195550142', address: { addressRegion: slug === 'ottawa' ? 'ON' : 'QC', addressCountry: 'CA' } });
      expect(business.address.addressLocality).toBe(business.areaServed.name);
      expect(business.hasOfferCatalog.itemListElement).toHaveLength(4);
      expect(faq.mainEntity).toHaveLength(5);
      expect(crumbs.itemListElement.map((i: { name: string }) => i.name).slice(0, 2)).toEqual(['Accueil', 'Zones desservies']);
    }
  });

  it('keeps an orderly heading outline: one <h1> first, never a level skipped going down', () => {
    for (const [file, body] of site.files) {
      if (!file.endsWith('.html') || typeof body !== 'string') continue;
      const levels = [...body.matchAll(/<h([1-6])[ >]/g)].map((m) => Number(m[1]));
      expect(levels[0], file).toBe(1);
      levels.forEach((level, i) => {
        if (i > 0) expect(level - levels[i - 1]!, `${file} : h${levels[i - 1]} → h${level}`).toBeLessThanOrEqual(1);
      });
    }
  });

  it('shows the default upper-case hero title on city pages', () => {
    expect(html(site, 'abattage-hull.html')).toContain('<h1>ABATTAGE D’ARBRES À HULL</h1>');
    expect(html(site, 'abattage-lange-gardien.html')).toContain('<h1>ABATTAGE D’ARBRES À L’ANGE-GARDIEN</h1>');
  });

  it('names each service with its article in the services overview links', () => {
    const links = [...visibleText(html(site, 'services.html')).matchAll(/En savoir plus sur ([^→]+?) →/g)].map((m) => m[1]);
    expect(links).toEqual(['l’abattage d’arbres', 'l’élagage', 'le dessouchage', 'le service d’urgence']);
  });

  it('says on the Ottawa page, in both languages, that service is in English and French', () => {
    const ottawa = html(site, 'abattage-ottawa.html');
    expect(visibleText(ottawa)).toContain('Service en français et en anglais');
    expect(ottawa).toMatch(/<p class="hero-note" lang="en">We proudly serve Ottawa homeowners in English and French/);
  });

  it('links the ten featured cities from the home page as /abattage-{slug}, and the zones page links all twelve', () => {
    const home = html(site, 'index.html');
    for (const slug of FEATURED) expect(home).toContain(`href="/abattage-${slug}"`);
    expect(home).not.toContain('href="/abattage-ottawa"');
    const zones = html(site, 'zones-desservies.html');
    expect(zones.match(/En savoir plus<span class="visually-hidden">/g)).toHaveLength(12);
  });

  it('puts a tap-to-call link and the e-mail on every page', () => {
    for (const [file, body] of site.files) {
      if (!file.endsWith('.html')) continue;
      expect(body, file).toContain('href="tel:+18195550142"');
      expect(body, file).toContain('href="mailto:info@arbo-expert-outaouais.example"');
    }
  });

  it('keeps the quote button off the emergency page, and the /zones link too', () => {
    const emergency = html(site, 'services/urgence-24-7.html');
    const main = emergency.slice(emergency.indexOf('<main'), emergency.indexOf('</main>'));
    expect(main).not.toContain('href="/contact"');
    expect(main).not.toContain('href="/zones"');
    const felling = html(site, 'services/abattage-arbre.html');
    expect(felling.slice(felling.indexOf('<main'))).toContain('href="/contact"');
    expect(felling).toContain('href="/zones"');
  });

  it('contains no placeholder text', () => {
    for (const [file, body] of site.files) {
      if (typeof body !== 'string') continue;
      expect(body, file).not.toMatch(/lorem|ipsum|TODO|TBD|\{(name|phone|email|tel|city)\}/i);
    }
  });

  it('writes a sitemap of primary absolute URLs and a robots.txt naming it', () => {
    const sitemap = html(site, 'sitemap.xml' as string);
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const english = Object.values(EN_ROUTES).filter((p) => p !== '/en/404');
    const primaries = [...new Set([...Object.values(SPEC_ROUTES), '/confidentialite', ...english])].map((p) => `${BASE}${p}`);
    expect(locs.sort()).toEqual(primaries.sort());
    expect(site.files.get('robots.txt')).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('shows the opening hours on the contact page', () => {
    const text = visibleText(html(site, 'contact.html'));
    expect(text).toContain('Lundi au vendredi 7 h à 19 h');
    expect(text).toContain('Samedi 8 h à 17 h');
    expect(text).toContain('Dimanche Sur rendez-vous');
    expect(text).toContain('Urgences 24/7, jours fériés compris');
  });

  it('renders the not-found page with 404, its fixed wording and a link home', () => {
    const page = html(site, '404.html');
    expect(visibleText(page)).toMatch(/404.*Oops! Page not found/);
    expect(page).toContain('href="/"');
  });

  it('prints the current footer year and the header call to action', () => {
    const page = html(site, 'index.html');
    expect(page).toContain(`<span data-current-year="true">${new Date().getFullYear()}</span>`);
    expect(page).toContain('Demander un devis gratuit');
    expect(page).toContain('Voir toutes les zones →');
  });
});
