import { fromJS } from 'immutable';
import { describe, expect, it } from 'vitest';
import { withNewCitySlug } from '../../src/admin/new-city-slug.ts';
import { newCityFile } from '../../src/content/new-city.ts';

const entry = (fields: Record<string, unknown>) => fromJS(fields) as never;

describe('a city created in the CMS gets its slug by the rule of npm run new -- city', () => {
  it('names a new city from its name, as the command does', () => {
    const saved = withNewCitySlug({ entry: entry({ collection: 'cities', newRecord: true, data: { name: 'Saint-André-Avellin', slug: '' } }) }) as unknown as { get(k: string): unknown };
    expect(saved.get('slug')).toBe('saint-andre-avellin');
    expect(newCityFile('Saint-André-Avellin', { order: 13, geo: { lat: 45.7, lng: -75.1 } })).toContain('slug: saint-andre-avellin');
  });

  it('keeps the slug of an existing city whose name changes, and leaves other collections alone', () => {
    const kept = withNewCitySlug({ entry: entry({ collection: 'cities', newRecord: false, data: { name: 'Vieux-Hull', slug: 'hull' } }) }) as unknown as { get(k: string): unknown };
    expect(kept.get('slug')).toBe('hull');
    const service = withNewCitySlug({ entry: entry({ collection: 'services', newRecord: true, data: { name: 'Élagage', slug: 'elagage' } }) }) as unknown as { get(k: string): unknown };
    expect(service.get('slug')).toBe('elagage');
  });
});
