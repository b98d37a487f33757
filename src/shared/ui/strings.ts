import type { Locale } from '../locales.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';
import type { Widen } from './widen.ts';

/** The templates' fixed texts in one language. */
export type UiStrings = Widen<typeof fr>;
/** The quote form's texts: what the form island receives with its props, in its page's language only. */
export type QuoteStrings = UiStrings['quote'];

/** The one table of interface texts, by language. */
export const UI_STRINGS: Record<Locale, UiStrings> = { fr, en };
