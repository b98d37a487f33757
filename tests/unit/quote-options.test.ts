import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/engine/index.ts';
import { quoteOptions } from '../../src/shared/quote/quote-options.ts';
import { SITE } from '../helpers/fixture-site.ts';

const options = quoteOptions(await loadContent(SITE));

describe('the form options, one list for the form and the receiver', () => {

  it('offers the featured cities, L’Ange-Gardien as lage-gardien, then « autre »', () => {
    expect(options.cities.map((c) => c.value).sort()).toEqual(
      ['gatineau', 'hull', 'aylmer', 'buckingham', 'val-des-monts', 'cantley', 'chelsea', 'lage-gardien', 'thurso', 'papineauville', 'autre'].sort(),
    );
    expect(options.cities.at(-1)).toEqual({ value: 'autre', label: 'Autre ville' });
  });

  it('offers the four services, then « autre »', () => {
    expect(options.services.map((s) => s.value)).toEqual(['abattage', 'elagage', 'dessouchage', 'urgence', 'autre']);
  });
});
