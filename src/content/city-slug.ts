/**
 * The rule for city links: lowercase, apostrophes removed, spaces turned to hyphens;
 * accents are dropped too, since an address keeps to a-z, 0-9 and hyphens (the slug schema).
 * `L'Ange-Gardien` → `lange-gardien`, `Saint-André-Avellin` → `saint-andre-avellin`.
 */
export function citySlug(name: string): string {
  return name
    .trim()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/\s+/g, '-');
}
