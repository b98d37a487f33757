import * as z from 'zod';
import { card, cta, exactly, hero, iconCard, langCode, photo, seo, text } from './shared.ts';

const section = z.strictObject({ title: text, intro: text });

export const homeSchema = z.strictObject({
  seo,
  hero: z.strictObject({ eyebrow: text, title: text, subtitle: text, cta: text }),
  photo,
  services: section,
  reasons: z.strictObject({ title: text, intro: text, items: exactly(iconCard, 6) }),
  zones: z.strictObject({ title: text, intro: text, linkLabel: text }),
  testimonials: z.strictObject({
    title: text,
    items: exactly(
      z.strictObject({
        name: text,
        city: text,
        text,
        rating: z.literal(5, 'note de 5 étoiles attendue'),
        /** Written for the demo, not said by a client: a production build refuses it. */
        sample: z.boolean().optional(),
      }),
      3,
    ),
  }),
  quote: section,
  emergency: cta,
});

export const servicesSchema = z.strictObject({ seo, hero, intro: text, call: cta });

export const zonesSchema = z.strictObject({
  seo,
  hero,
  citiesTitle: text,
  commitments: z.strictObject({ title: text, items: exactly(text, 6) }),
  cta,
});

/** The about page is prose (its sections are the Markdown body's `##` headings) beside a box of key facts. */
export const aboutSchema = z.strictObject({
  seo,
  hero,
  facts: z.strictObject({ title: text, items: z.array(iconCard).min(3, 'au moins 3 faits attendus').max(6, '6 faits au plus') }),
  cta,
});

export const contactSchema = z.strictObject({
  seo,
  hero,
  zone: card,
  hoursTitle: text,
  emergency: cta,
  form: z.strictObject({ title: text, intro: text }),
});

export const notFoundSchema = z.strictObject({
  seo,
  title: text,
  /** The fixed title is English (« Oops! Page not found »): screen readers need to know. */
  titleLang: langCode.optional(),
  text,
  linkLabel: text,
});

/** The privacy policy: its prose is the Markdown body; the facts that depend on the business come from site.md. */
export const privacySchema = z.strictObject({
  seo,
  hero,
  /** When the policy last changed: visitors are told (Law 25 asks that a change be made known). */
  updated: z.iso.date('date AAAA-MM-JJ attendue'),
  factsTitle: text,
  /** One or two sentences under the quote form: why, who receives it, and the link to this page. */
  formNotice: text,
});

/** Shared copy of every city page; `{city}` stands for the city's name. */
export const cityTemplateSchema = z.strictObject({
  servicesTitle: text,
  reasonsTitle: text,
  process: z.strictObject({ title: text, steps: exactly(card, 5) }),
  faqTitle: text,
  safety: z.strictObject({ title: text, text, points: z.array(text).min(3) }),
  cta,
});
