import { citySlug } from '../content/city-slug.ts';

/** The part of Decap's entry (an Immutable map) the rule reads and writes. */
interface ImmutableMap {
  get(key: string): unknown;
  set(key: string, value: unknown): ImmutableMap;
}

/**
 * Decap's preSave listener: a new city is named after its name by the rule of
 * `npm run new -- city` (src/content/city-slug.ts), so its file and its address follow that rule;
 * an existing city keeps its slug (its address) whatever its name becomes.
 */
export function withNewCitySlug({ entry }: { entry: ImmutableMap }): ImmutableMap {
  const data = entry.get('data') as ImmutableMap;
  if (!entry.get('newRecord') || entry.get('collection') !== 'cities') return data;
  return data.set('slug', citySlug(String(data.get('name') ?? '')));
}
