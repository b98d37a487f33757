export interface Option {
  value: string;
  label: string;
}

/** The address parameter a city page's quote buttons add to /contact (`/contact?ville=hull`). */
export const CITY_PARAM = 'ville';

/** The form's own value for a city: what the automation already receives (`lage-gardien`). */
export function cityFormValue(city: { formValue?: string | undefined; slug: string }): string {
  return city.formValue ?? city.slug;
}

/**
 * The city the form starts with when the visitor came from a city page: that city when the form
 * offers it, « autre » for a city it does not list, nothing without the parameter.
 */
export function cityFromQuery(search: string, cities: readonly Option[]): string | undefined {
  const asked = new URLSearchParams(search).get(CITY_PARAM);
  if (!asked) return undefined;
  if (cities.some((c) => c.value === asked)) return asked;
  return cities.some((c) => c.value === 'autre') ? 'autre' : undefined;
}

/** The choices the form offers, and so the only values the receiver accepts. */
export interface QuoteOptions {
  cities: Option[];
  services: Option[];
}

/**
 * One source for the form's city and service lists (spec §3): the featured cities with their
 * `formValue` (L'Ange-Gardien keeps `lage-gardien`), the services, and « autre » for each.
 */
export function quoteOptions(content: {
  cities: readonly { featured: boolean; formValue?: string | undefined; slug: string; name: string }[];
  services: readonly { formValue: string; name: string }[];
}): QuoteOptions {
  return {
    cities: [...content.cities.filter((c) => c.featured).map((c) => ({ value: cityFormValue(c), label: c.name })), { value: 'autre', label: 'Autre ville' }],
    services: [...content.services.map((s) => ({ value: s.formValue, label: s.name })), { value: 'autre', label: 'Autre / je ne sais pas' }],
  };
}
