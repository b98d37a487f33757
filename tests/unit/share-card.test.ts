import { describe, expect, it } from 'vitest';
import { cardSvg } from '../../src/shared/card/draw-node.ts';
import { shareCard } from '../../src/render/card/share-card.ts';
import type { PageRef } from '../../src/site/routes.ts';

const site = { name: 'Arbo Expert Outaouais', phone: '819 555-0142', tagline: 'Abattage, élagage et dessouchage en Outaouais, et urgences jour et nuit' };
const hull = { template: 'city', city: { name: 'Hull', slug: 'hull' } } as unknown as PageRef;
const elagage = { template: 'service', service: { name: 'Élagage', slug: 'elagage' } } as unknown as PageRef;
const notFound: PageRef = { template: 'not-found' };

/** The lines of an SVG's <text> elements (satori writes a word or a space each), by size then height. */
function linesOf(svg: string): { size: number; text: string }[] {
  const lines = new Map<string, { size: number; text: string }>();
  for (const m of svg.matchAll(/<text x="[\d.]+" y="([\d.]+)"[^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)) {
    const key = `${m[2]} ${m[1]}`;
    const line = lines.get(key) ?? { size: Number(m[2]), text: '' };
    line.text += m[3]!.replace(/&#39;|&apos;/g, '’');
    lines.set(key, line);
  }
  return [...lines.values()];
}

describe('a share card’s facts and URL', () => {
  it('shows the page’s title without the company suffix, its city or service, the company and the phone', () => {
    expect(shareCard(hull, '/abattage-hull', 'Abattage d’arbres à Hull | Arbo Expert Outaouais', site, 'd').facts).toEqual({
      title: 'Abattage d’arbres à Hull',
      line: 'Hull',
      company: 'Arbo Expert Outaouais',
      phone: '819 555-0142',
    });
    expect(shareCard(elagage, '/services/elagage', 'Élagage en Outaouais | Arbo Expert Outaouais', site, 'd').facts.line).toBe('Élagage');
    expect(shareCard(notFound, '/404', 'Page introuvable | Arbo Expert Outaouais', site, 'd').facts).toMatchObject({ title: 'Page introuvable', line: site.tagline });
  });

  it('is named after the page’s primary address and a hash of what it shows and of the design', () => {
    const card = shareCard(elagage, '/services/elagage', 'Élagage | Arbo Expert Outaouais', site, 'd');
    expect(card.path).toMatch(/^\/cartes\/services-elagage-\w{12}\.png$/);
    expect(shareCard(elagage, '/services/elagage', 'Élagage | Arbo Expert Outaouais', site, 'd').path).toBe(card.path);
    expect(shareCard(elagage, '/services/elagage', 'Élagage | Arbo Expert Outaouais', site, 'autre dessin').path).not.toBe(card.path);
    expect(shareCard(elagage, '/services/elagage', 'Élagage | Arbo Expert Outaouais', { ...site, phone: '819 555-0199' }, 'd').path).not.toBe(card.path);
    expect(shareCard({ template: 'home' }, '/', 'Accueil | Arbo Expert Outaouais', site, 'd').path).toMatch(/^\/cartes\/accueil-/);
  });

  it('describes itself in French for og:image:alt: the title, the company and the phone', () => {
    expect(shareCard(hull, '/abattage-hull', 'Abattage d’arbres à Hull | Arbo Expert Outaouais', site, 'd').alt).toBe('Abattage d’arbres à Hull — Arbo Expert Outaouais, 819 555-0142');
  });
});

describe('a share card’s drawing', () => {
  it('writes the title, the city, the company and the phone on one line, unbroken', async () => {
    const { facts } = shareCard(hull, '/abattage-hull', 'Abattage d’arbres à Hull | Arbo Expert Outaouais', site, 'd');
    const lines = linesOf(await cardSvg(facts, { readableText: true })).map((l) => l.text);
    expect(lines).toEqual(['Hull', 'Abattage d’arbres à Hull', 'Arbo Expert Outaouais', '819\u00a0555-0142']);
  });

  it('wraps a long title on three lines at most, with an ellipsis', async () => {
    const title = 'Dessouchage et broyage de souches en Outaouais, avec un titre beaucoup trop long pour tenir sur trois lignes de la carte';
    const svg = await cardSvg({ ...site, company: site.name, title, line: 'Dessouchage' }, { readableText: true });
    const titleLines = linesOf(svg).filter((l) => l.size === 70).map((l) => l.text.trim());
    expect(titleLines).toHaveLength(3);
    expect(titleLines.join(' ')).toMatch(/^Dessouchage et broyage de souches en Outaouais, .*…$/);
  });
});
