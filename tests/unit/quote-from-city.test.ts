import { describe, expect, it } from 'vitest';
import { cityFromQuery } from '../../src/shared/quote/quote-options.ts';
import { paths } from '../../src/site/paths.ts';

const cities = [
  { value: 'hull', label: 'Hull' },
  { value: 'lage-gardien', label: "L'Ange-Gardien" },
  { value: 'autre', label: 'Autre ville' },
];

describe('a quote link from a city page', () => {
  it('carries the city as the form knows it', () => {
    expect(paths.quoteFrom({ slug: 'hull' })).toBe('/contact?ville=hull');
    expect(paths.quoteFrom({ slug: 'lange-gardien', formValue: 'lage-gardien' })).toBe('/contact?ville=lage-gardien');
  });

  it('starts the form with that city when it is one of its options, « autre » otherwise, nothing without it', () => {
    expect(cityFromQuery('?ville=hull', cities)).toBe('hull');
    expect(cityFromQuery('?ville=lage-gardien', cities)).toBe('lage-gardien');
    expect(cityFromQuery('?ville=masson-angers', cities)).toBe('autre');
    expect(cityFromQuery('?ville=%3Cscript%3E', cities)).toBe('autre');
    expect(cityFromQuery('', cities)).toBeUndefined();
    expect(cityFromQuery('?ville=', cities)).toBeUndefined();
  });
});
