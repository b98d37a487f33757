import * as z from 'zod';
import { card, cta, exactly, faq, hero, icon, iconCard, photo, seo, text } from './shared.ts';

export const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug en minuscules et tirets attendu, ex. val-des-monts');

export const serviceSchema = z
  .strictObject({
    slug,
    aliases: z.array(slug).default([]),
    order: z.number().int().positive(),
    kind: z.enum(['standard', 'emergency']),
    formValue: slug,
    icon,
    name: text,
    seo,
    card: z.strictObject({ summary: text, benefits: exactly(text, 4) }),
    hero,
    photo,
    definitionTitle: text,
    process: z.strictObject({ title: text, steps: exactly(card, 4) }),
    benefits: z.strictObject({ title: text, items: exactly(iconCard, 4) }),
    situations: z.strictObject({ title: text, items: exactly(iconCard, 4) }).optional(),
    pricing: z.strictObject({ title: text, intro: text, factors: z.array(text).min(3), note: text }),
    citiesTitle: text,
    faq,
    cta,
    /** A French page with no English counterpart on purpose (listed in the build summary). */
    frenchOnly: z.boolean().optional(),
  })
  .refine((s) => s.kind !== 'emergency' || s.situations, {
    message: 'un service d’urgence doit avoir ses 4 situations',
    path: ['situations'],
  });
export type ServiceFrontMatter = z.infer<typeof serviceSchema>;
