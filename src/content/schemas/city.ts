import * as z from 'zod';
import { card, exactly, faq, langCode, seo, text } from './shared.ts';
import { cityTemplateSchema } from './pages.ts';
import { slug } from './service.ts';

export const citySchema = z.strictObject({
  slug,
  name: text,
  order: z.number().int().positive(),
  featured: z.boolean(),
  formValue: slug.optional(),
  geo: z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  summary: text,
  seo,
  heroTitle: text.optional(),
  heroSubtitle: text,
  /** A line in another language under the hero (Ottawa: service in English), marked with its `lang`. */
  heroNote: z.strictObject({ lang: langCode, text }).optional(),
  services: exactly(z.strictObject({ service: slug, title: text, text }), 4),
  reasons: exactly(card, 4),
  expertise: z.strictObject({ title: text, text, points: z.array(text).min(3) }),
  faq,
  /**
   * Whole blocks of the shared city copy (pages/city.md) replaced for this city only,
   * for a place where that copy is not true (Ottawa is in Ontario, not in the Outaouais).
   */
  overrides: cityTemplateSchema.partial().optional(),
});
export type CityFrontMatter = z.infer<typeof citySchema>;
