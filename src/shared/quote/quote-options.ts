export interface Option {
  value: string;
  label: string;
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
    cities: [...content.cities.filter((c) => c.featured).map((c) => ({ value: c.formValue ?? c.slug, label: c.name })), { value: 'autre', label: 'Autre ville' }],
    services: [...content.services.map((s) => ({ value: s.formValue, label: s.name })), { value: 'autre', label: 'Autre / je ne sais pas' }],
  };
}
