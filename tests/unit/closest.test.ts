import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../src/shared/closest.ts';

describe('closest known spelling', () => {
  it('counts a dropped, added, replaced or swapped letter as one edit', () => {
    expect(editDistance('sumary', 'summary')).toBe(1);
    expect(editDistance('featureed', 'featured')).toBe(1);
    expect(editDistance('standart', 'standard')).toBe(1);
    expect(editDistance('sumamry', 'summary')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('couleur', 'order')).toBeGreaterThan(2);
  });

  it('suggests the nearest key, ignoring case, and nothing when every key is too far to be a typo', () => {
    const keys = ['slug', 'name', 'order', 'featured', 'summary', 'seo', 'heroTitle', 'heroSubtitle'];
    expect(closest('sumary', keys)).toEqual(['summary']);
    expect(closest('SEO', keys)[0]).toBe('seo');
    expect(closest('herosubtitel', keys)[0]).toBe('heroSubtitle');
    expect(closest('couleur', keys)).toEqual([]);
    expect(closest('xy', keys)).toEqual([]);
    // Lu (lundi) is one letter from Tu (Tuesday): a two-letter word is matched on case alone.
    expect(closest('Lu', ['Mo', 'Tu'])).toEqual([]);
    expect(closest('mo', ['Mo', 'Tu'])).toEqual(['Mo']);
  });
});
