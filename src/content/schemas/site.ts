import * as z from 'zod';
import { QUOTE_MODES } from '../../shared/quote/quote-schema.ts';
import { iconCard, text } from './shared.ts';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'heure au format HH:MM attendue, par exemple "07:30"');
const day = z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);

export const siteSchema = z.strictObject({
  name: text,
  tagline: text,
  phone: z
    .string()
    .trim()
    .regex(/^\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}$/, 'numéro nord-américain attendu, ex. 819 555-0142'),
  email: z.email('adresse courriel valide attendue'),
  baseUrl: z.url('URL absolue attendue, ex. https://www.exemple.ca').refine((u) => !u.endsWith('/'), {
    message: 'retirez la barre oblique (/) à la fin de l’adresse, par exemple "https://www.exemple.ca"',
  }),
  address: z.strictObject({
    locality: text,
    region: z.literal('QC'),
    country: z.literal('CA'),
  }),
  geo: z.strictObject({ lat: z.number(), lng: z.number() }),
  quoteWebhook: text,
  quoteDelivery: z.enum(QUOTE_MODES, { message: 'no-cors, cors ou relay attendu' }).optional(),
  hours: z
    .array(
      z.strictObject({
        label: text,
        value: text,
        days: z.array(day).optional(),
        opens: time.optional(),
        closes: time.optional(),
      }),
    )
    .min(1),
  promises: z.array(iconCard).length(4, 'exactement 4 engagements attendus'),
  footer: z.strictObject({ emergencyTitle: text, emergencyText: text }),
  /**
   * What to do when a tree touches a power line: one instruction for the whole site, shown where the
   * situation comes up (emergency page, home banner, city safety block), never retyped in a page.
   * `{utility}` is the page's distributors, each with its number: Québec's on a city in QC,
   * Ontario's (Hydro Ottawa, and Hydro One in rural Ottawa) on a city in ON, all of them on a page
   * that serves both sides of the river.
   */
  wire: z.strictObject({
    // A refinement, not a pattern: the web editor would read « {utility} » as a regular expression.
    text: text.refine((t) => t.includes('{utility}'), 'écrivez {utility} là où va le nom du distributeur d’électricité'),
    utility: text,
    utilityOntario: z.array(text).min(1, 'au moins un distributeur attendu'),
  }),
  /**
   * What a critical case is, written once and inserted by `{critical}` wherever a page promises the
   * critical-case arrival time. Both languages here: the pages of both insert it as a token.
   */
  critical: z.strictObject({ fr: text, en: text }),
  /**
   * The certification the site names wherever it says « certifié » (`{credential}`): the title as
   * the certifying body gives it, in both languages. `sample: true` while it is the demo's: the
   * launch checklist refuses it until the owner writes the real one.
   */
  credential: z.strictObject({ sample: z.boolean().optional(), fr: text, en: text }),
  /** What the privacy policy and the form's notice say of who receives the requests (Québec's Law 25). */
  privacy: z.strictObject({
    /** The values are the demo's: a production build refuses them. */
    sample: z.boolean().optional(),
    officer: z.strictObject({ title: text, name: text, email: z.email('adresse courriel valide attendue'), phone: text }),
    retention: text,
    processor: z.strictObject({ name: text, region: text }),
    /**
     * Relay mode (quoteDelivery: relay): where the site itself keeps each request (the Worker's D1
     * database) and for how many days, until the cron destroys it (docs/leads.md « Confidentialité (Loi 25) »).
     */
    relay: z
      .strictObject({
        host: text,
        region: text,
        days: z.number({ message: 'nombre de jours attendu' }).int('nombre entier de jours attendu').min(1, 'au moins 1 jour').max(3650, 'au plus 3650 jours'),
      })
      .optional(),
  }),
});
export type SiteFrontMatter = z.infer<typeof siteSchema>;

/**
 * content/en/site.md: the language of site.md only. Every fact (name, phone, addresses, webhook,
 * who the privacy officer is) comes from the French file, one source of truth; this schema is cut
 * from the French one, so the English file cannot restate a fact (an unknown field is an error).
 */
const { officer, processor, relay } = siteSchema.shape.privacy.shape;
export const siteTextSchema = siteSchema.pick({ tagline: true, promises: true, footer: true }).extend({
  /** The instruction's words; the distributors' names are facts of site.md. */
  wire: siteSchema.shape.wire.pick({ text: true }),
  /** The same hours as site.md, in the same order: their label and value only. */
  hours: z.array(siteSchema.shape.hours.element.pick({ label: true, value: true })).min(1),
  privacy: z.strictObject({
    officer: officer.pick({ title: true }),
    retention: siteSchema.shape.privacy.shape.retention,
    processor: processor.pick({ region: true }),
    relay: relay.unwrap().pick({ region: true }).optional(),
  }),
});
export type SiteTextFrontMatter = z.infer<typeof siteTextSchema>;
