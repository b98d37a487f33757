import * as z from 'zod';
import { card, exactly, faq, langCode, photo, seo, text } from './shared.ts';
import { cityTemplateSchema } from './pages.ts';
import { slug } from './service.ts';

/** Canada's provinces and territories, as postal addresses write them. */
const PROVINCES = ['QC', 'ON', 'NB', 'NS', 'PE', 'NL', 'MB', 'SK', 'AB', 'BC', 'YT', 'NT', 'NU'] as const;

export const citySchema = z.strictObject({
  slug,
  name: text,
  order: z.number().int().positive(),
  featured: z.boolean(),
  formValue: slug.optional(),
  geo: z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  /** Where the city is, for its structured data: Québec unless said otherwise (Ottawa: ON). */
  province: z.enum(PROVINCES, `code de province attendu (${PROVINCES.join(', ')})`).default('QC'),
  summary: text,
  seo,
  heroTitle: text.optional(),
  heroSubtitle: text,
  /** A line in another language under the hero (Ottawa: service in English), marked with its `lang`. */
  heroNote: z.strictObject({ lang: langCode, text }).optional(),
  photo,
  services: exactly(z.strictObject({ service: slug, title: text, text }), 4),
  reasons: exactly(card, 4),
  expertise: z.strictObject({ title: text, text, points: z.array(text).min(3) }),
  faq,
  /**
   * Whole blocks of the shared city copy (pages/city.md) replaced for this city only,
   * for a place where that copy is not true (Ottawa is in Ontario, not in the Outaouais).
   */
  overrides: cityTemplateSchema.partial().optional(),
  /** A French page with no English counterpart on purpose (listed in the build summary). */
  frenchOnly: z.boolean().optional(),
});
export type CityFrontMatter = z.infer<typeof citySchema>;
