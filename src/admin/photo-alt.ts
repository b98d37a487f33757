/** Said under a photo block that has an image and no description (the build refuses it). */
export const MISSING_ALT = 'Décrivez la photo pour qui ne la voit pas. Une photo purement décorative s’indique par alt: "" dans le fichier, sur GitHub.';

/**
 * Whether a photo may be saved: no image chosen, or a description. An empty description is a
 * decorative photo only when the file already said so (`alt: ""`): Decap cannot tell an emptied
 * field from one never filled, and the build refuses a photo without `alt`.
 */
export function photoProblem(value: { src?: unknown; alt?: unknown } | undefined, altInFile: unknown): string | undefined {
  if (typeof value?.src !== 'string' || value.src.trim() === '') return undefined;
  if (typeof value.alt === 'string' && value.alt.trim() !== '') return undefined;
  return altInFile === '' && (value.alt ?? '') === '' ? undefined : MISSING_ALT;
}
