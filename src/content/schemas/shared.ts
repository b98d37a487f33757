import * as z from 'zod';

/** Any copy string: trimmed, never empty. */
export const text = z.string().trim().min(1, 'texte requis');

export const icon = z.enum([
  'abattage',
  'elagage',
  'souche',
  'urgence',
  'rapide',
  'satisfaction',
  'devis',
  'horloge',
  'bouclier',
  'equipe',
  'equipement',
  'local',
  'nettoyage',
  'certifie',
  'telephone',
  'feuille',
  'prix',
  'maison',
]);
export type IconName = z.infer<typeof icon>;

export const seo = z.strictObject({
  title: text.max(70, 'titre SEO de 70 caractères au plus'),
  description: text
    .min(50, 'description SEO de 50 caractères au moins')
    .max(170, 'description SEO de 170 caractères au plus'),
  keywords: z.array(text).optional(),
});

/** A BCP 47 language code such as `en` or `en-CA`, for copy that is not in French. */
export const langCode = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'code de langue attendu, ex. en');

export const card = z.strictObject({ title: text, text });
export const iconCard = z.strictObject({ icon, title: text, text });

export const faqItem = z.strictObject({ question: text, answer: text });
export const faq = z.array(faqItem).length(5, 'exactement 5 questions attendues');

export const cta = z.strictObject({ title: text, text });

export const hero = z.strictObject({ title: text, subtitle: text });

/**
 * The hero photo of a service, city or the home page: its path relative to the Markdown file and
 * its alt text. A missing `alt` is reported by parse-entry with what to write; `alt: ""` says the
 * photo is purely decorative.
 */
export const photo = z.strictObject({ src: text, alt: z.string().trim().optional() }).optional();

/** A list that must hold exactly `n` items, with a message an editor understands. */
export function exactly<T extends z.ZodType>(item: T, n: number) {
  return z.array(item).length(n, `exactement ${n} éléments attendus`);
}
