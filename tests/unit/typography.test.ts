import { describe, expect, it } from 'vitest';
import { frenchSpacing } from '../../src/content/typography.ts';

const NBSP = '\u00a0';

describe('frenchSpacing', () => {
  it('makes the space before : ; ! ? » and after « non-breaking', () => {
    expect(frenchSpacing('Urgence 24/7 : appelez! Vraiment ? « Oui » ; merci')).toBe(
      'Urgence 24/7\u00a0: appelez! Vraiment\u00a0? «\u00a0Oui\u00a0»\u00a0; merci',
    );
  });

  it('leaves URLs, times and unspaced punctuation alone', () => {
    const text = 'Voir https://exemple.ca/a:b à 7:30, moyen: 2-4 heures';
    expect(frenchSpacing(text)).toBe(text);
  });

  it('keeps a price on the line of its number: 300 $, 2 M$, 5 k$, 50 ¢', () => {
    expect(frenchSpacing('à partir d’environ 300 $ pour un petit arbre, 2 M$ d’assurance, 5 k$, 50 ¢')).toBe(
      `à partir d’environ 300${NBSP}$ pour un petit arbre, 2${NBSP}M$ d’assurance, 5${NBSP}k$, 50${NBSP}¢`,
    );
  });

  it('keeps a measure on the line of its number: 30 cm, 10 m, 2,5 km, 1 h, 20 min, 15 %, -5 °C', () => {
    expect(frenchSpacing('broyée jusqu’à 30 cm sous le sol, à 10 m des fils, 2,5 km, sur place en 1 h, 20 min, 15 %, -5 °C')).toBe(
      `broyée jusqu’à 30${NBSP}cm sous le sol, à 10${NBSP}m des fils, 2,5${NBSP}km, sur place en 1${NBSP}h, 20${NBSP}min, 15${NBSP}%, -5${NBSP}°C`,
    );
  });

  it('binds every number-and-unit pair of a line, hours included: 7 h à 19 h, 24 h/24', () => {
    expect(frenchSpacing('7 h à 19 h, 24 h/24')).toBe(`7${NBSP}h à 19${NBSP}h, 24${NBSP}h/24`);
  });

  it('keeps « n° » with the number it introduces', () => {
    expect(frenchSpacing('règlement n° 2020-340')).toBe(`règlement n°${NBSP}2020-340`);
  });

  it('lets a number wrap before a word, even one that starts like a unit: 3 mètres, 15 ans, 2 millions, 4 heures', () => {
    const text = 'à 3 mètres, depuis 15 ans, 2 millions de dollars, de 2 à 4 heures, 3 minutes, 10 hectares, 5 secondes';
    expect(frenchSpacing(text)).toBe(text);
  });

  it('leaves the phone number and other digit groups as typed', () => {
    const text = 'Appelez le 819 555-0142 ou le 1 800 555-0199, code postal J8X 1A1, 24/7';
    expect(frenchSpacing(text)).toBe(text);
  });

  it('leaves a unit letter glued to a word or a number alone: A4 m, 3m, 10 m’a, 5 $CAD', () => {
    const text = 'format A4 m, 3m, 10 m’a, 5 $CAD';
    expect(frenchSpacing(text)).toBe(text);
  });
});
