import type { SiteData } from '../../../render/site-data.ts';
import type { Locale } from '../../../shared/locales.ts';
import { firstLines, namedList } from '../../../shared/named-list.ts';
import { digest } from '../../digest.ts';

/**
 * Why a page was rendered again (`npm run build -- --explain`, the live preview's log): each part
 * of its key is kept as its own digest, and the first part that differs from the last build's
 * names the input or the code that changed. Pure: the build keeps the parts, this compares them.
 */

/** What every page of a language shares in its key: the render code, the languages, each field of the site data. */
export interface LocaleKeyParts {
  code: string;
  languages: string;
  data: Record<string, string>;
}

/** What is a page's own in its key: its addresses and template, and its own input (a city, or every city's summary). */
export interface PageKeyParts {
  route: string;
  input: string;
}

export interface KeyPartsSet {
  locales: Partial<Record<Locale, LocaleKeyParts>>;
  pages: Record<string, PageKeyParts>;
}

/** The shared parts of a language's key, `data` being its site data but the cities (which are each page's own input). */
export function localeKeyParts(code: string, languages: string, data: Omit<SiteData, 'cities'>): LocaleKeyParts {
  return { code, languages, data: Object.fromEntries(Object.entries(data).map(([field, value]) => [field, digest(JSON.stringify(value) ?? '')])) };
}

/** The site data's fields as an editor knows them: the file or the setting behind each. */
const DATA_FIELDS: Record<string, string> = {
  site: 'content/site.md',
  services: 'un service (content/services/)',
  pages: 'une page (content/pages/)',
  featuredCities: 'les villes en vedette',
  assets: 'la feuille de style ou le script client',
  photos: 'une photo',
  quoteWebhook: 'l’adresse du webhook de devis',
  quoteDelivery: 'le mode d’envoi du formulaire',
  cardDesign: 'le code des cartes de partage',
  buildYear: 'l’année de construction',
  locale: 'la langue',
};

/**
 * The reason a page was rendered again, in the build's words. `inputName` names the page's own
 * input: a city's file, or every city's summary for the pages that list them.
 */
export function renderReason(now: { locale: LocaleKeyParts; page: PageKeyParts }, before: { locale?: LocaleKeyParts | undefined; page?: PageKeyParts | undefined }, inputName: string): string {
  const { locale: previous, page } = before;
  if (!previous) return 'aucune construction précédente connue';
  if (!page) return 'nouvelle page';
  if (previous.code !== now.locale.code) return `code du rendu modifié (empreinte ${previous.code} → ${now.locale.code})`;
  if (previous.languages !== now.locale.languages) return 'langues du site modifiées';
  const fields = Object.keys({ ...now.locale.data, ...previous.data }).filter((field) => now.locale.data[field] !== previous.data[field]);
  if (fields.length > 0) return `modifié : ${fields.map((field) => DATA_FIELDS[field] ?? field).join(', ')}`;
  if (page.route !== now.page.route) return 'adresse, gabarit ou versions linguistiques modifiés';
  if (page.input !== now.page.input) return `modifié : ${inputName}`;
  return 'même clé, mais la page n’était plus ni dans dist/ ni dans le cache';
}

/** Pages grouped by reason, the largest group first: one line each in the summary. */
export function groupReasons(reasons: readonly { path: string; why: string }[]): { why: string; paths: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const { path, why } of reasons) {
    const paths = groups.get(why);
    if (paths) paths.push(path);
    else groups.set(why, [path]);
  }
  return [...groups].map(([why, paths]) => ({ why, paths })).sort((a, b) => b.paths.length - a.paths.length);
}

/** Groups of pages shown before the rest is counted. */
const GROUPS_SHOWN = 10;

/**
 * The explanation as the build and the live preview print it: one line a reason, the pages
 * counted then named (the first few), so that 4,000 pages stay a few lines.
 */
export function explainLines(reasons: readonly { path: string; why: string }[]): string[] {
  if (reasons.length === 0) return ['Aucune page rendue de nouveau : toutes reprises.'];
  const lines = groupReasons(reasons).map(({ why, paths }) => `${paths.length} page${paths.length > 1 ? 's' : ''} — ${why} : ${namedList(paths)}`);
  return [`Rendues de nouveau (${reasons.length}), pourquoi :`, ...firstLines(lines, GROUPS_SHOWN)];
}
