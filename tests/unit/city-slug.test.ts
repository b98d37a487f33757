import { describe, expect, it } from 'vitest';
import { citySlug } from '../../src/content/city-slug.ts';

describe('citySlug (lowercase, apostrophes removed, spaces to hyphens; accents dropped)', () => {
  it.each([
    ["L'Ange-Gardien", 'lange-gardien'],
    ['L’Ange-Gardien', 'lange-gardien'],
    ['Val-des-Monts', 'val-des-monts'],
    ['Gatineau', 'gatineau'],
    ['Masson Angers', 'masson-angers'],
    ['  Saint  André ', 'saint-andre'],
    ['Saint-André-Avellin', 'saint-andre-avellin'],
    ['Notre-Dame-de-la-Salette', 'notre-dame-de-la-salette'],
  ])('turns %s into %s', (name, slug) => {
    expect(citySlug(name)).toBe(slug);
  });
});
