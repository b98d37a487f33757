import { describe, expect, it } from 'vitest';
import { frenchSpacing } from '../../src/content/typography.ts';

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
});
