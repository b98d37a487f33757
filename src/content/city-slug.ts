/**
 * The spec's rule for city links (§2): lowercase, apostrophes removed, spaces turned to hyphens.
 * `L'Ange-Gardien` → `lange-gardien`.
 */
export function citySlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/\s+/g, '-');
}
