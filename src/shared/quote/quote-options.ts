import { LOCALES } from '../locales.ts';
import { quoteFr } from '../ui/quote-fr.ts';

export interface Option {
  value: string;
  label: string;
}

/** What the visitor saw for `value` in one of the form's lists; the value itself when the list lacks it (or could not be read). */
export function optionLabel(options: readonly Option[] | undefined, value: string): string {
  return options?.find((o) => o.value === value)?.label ?? value;
}

/** The form's own value for a city: what the automation already receives (`lage-gardien`). */
export function cityFormValue(city: { formValue?: string | undefined; slug: string }): string {
  return city.formValue ?? city.slug;
}

/**
 * The city the form starts with when the visitor came from a city page (`/contact?ville=hull`,
 * `/en/contact?city=hull`: the locale's `cityParam`): that city when the form
 * offers it, « autre » for a city it does not list, nothing without the parameter.
 */
export function cityFromQuery(search: string, cities: readonly Option[], param: string = LOCALES.fr.cityParam): string | undefined {
  const asked = new URLSearchParams(search).get(param);
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
 * One source for the form's city and service lists: the featured cities with their
 * `formValue` (L'Ange-Gardien keeps `lage-gardien`), the services, and « autre » for each, labelled in the page's language; the values are the same in every language.
 */
export function quoteOptions(
  content: {
    cities: readonly { featured: boolean; formValue?: string | undefined; slug: string; name: string }[];
    services: readonly { formValue: string; name: string }[];
  },
  others: { otherCity: string; otherService: string } = quoteFr,
): QuoteOptions {
  return {
    cities: [...content.cities.filter((c) => c.featured).map((c) => ({ value: cityFormValue(c), label: c.name })), { value: 'autre', label: others.otherCity }],
    services: [...content.services.map((s) => ({ value: s.formValue, label: s.name })), { value: 'autre', label: others.otherService }],
  };
}
