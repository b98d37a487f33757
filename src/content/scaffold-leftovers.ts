import { readFrontMatter } from './front-matter.ts';
import type { RuleDiagnostic } from '../shared/diagnostic.ts';
import { fieldPath } from './field-path.ts';
import { mapStrings } from './map-strings.ts';
import type { Locale } from '../shared/locales.ts';
import { newCityFile, scaffoldSummary } from './new-city.ts';
import { englishScaffoldSummary, newEnglishCityFile } from './new-city-en.ts';
import { locate, parseFieldPath } from './positions.ts';
import { englishSpacing, frenchSpacing } from './typography.ts';

/** What `npm run new` writes in each language: the whole file, its summary, and the spacing the build gives it. */
const SCAFFOLDS = {
  fr: { file: newCityFile, summary: scaffoldSummary, spacing: frenchSpacing },
  en: { file: newEnglishCityFile, summary: englishScaffoldSummary, spacing: englishSpacing },
} satisfies Record<Locale, unknown>;

type Geo = { lat: number; lng: number };

/** Where the company is (site.md): a new city file starts from its coordinates. */
export interface Company {
  geo: Geo;
  locality: string;
}

/** Shorter texts (« Urgence 24/7 », a question on permits) are the same in real cities: only prose says a text was never rewritten. */
const PROSE = 70;

/** Every text `npm run new -- city` writes for this name, by field path (`faq[1].answer`), and its Markdown body. */
function scaffoldTexts(name: string, locale: Locale): { fields: Map<string, string>; body: string } {
  const { data, content } = readFrontMatter(SCAFFOLDS[locale].file(name, { order: 1, geo: { lat: 0, lng: 0 } }));
  const fields = new Map<string, string>();
  mapStrings(data, (text, path) => {
    fields.set(fieldPath(path), text);
    return text;
  });
  return { fields, body: content };
}

/**
 * Whether a city may still hold what `npm run new` wrote: its summary (the sentence the zones page
 * shows) is the scaffold's, or its coordinates are the company's, which the scaffold starts from.
 * Read from the city's summary, so no city file is read again and no scaffold is parsed: at 4,000
 * cities, reading every header again cost 2.7 s. A city whose summary and coordinates were both rewritten is taken as
 * rewritten.
 */
export function mayBeScaffold(city: { name: string; summary: string; geo: Geo }, company: Company, locale: Locale = 'fr'): boolean {
  const { summary, spacing } = SCAFFOLDS[locale];
  return companyPlace(city.name, city.geo, company) || city.summary === spacing(summary(city.name));
}

/** The company's coordinates on another city: the city where the company is may share them. */
const companyPlace = (name: string, geo: Geo, company: Company) => name !== company.locality && geo.lat === company.geo.lat && geo.lng === company.geo.lng;

/**
 * What a city file still holds of the scaffold: its prose as `npm run new` wrote it (one item, at
 * the first such field, naming them all), and coordinates that are the company's rather than the
 * city's. Each says what to write instead, for the launch checklist.
 */
export function scaffoldLeftovers(file: string, text: string, name: string, company: Company, locale: Locale = 'fr'): RuleDiagnostic[] {
  const { data, content } = readFrontMatter(text);
  const scaffold = scaffoldTexts(name, locale);
  const left: string[] = [];
  mapStrings(data, (value, path) => {
    const field = fieldPath(path);
    if (value.length >= PROSE && scaffold.fields.get(field) === value) left.push(field);
    return value;
  });
  const where = locate(text);
  const found: RuleDiagnostic[] = [];
  const bodyLeft = content.trim() === scaffold.body.trim();
  if (left.length > 0 || bodyLeft) {
    const names = [...left.slice(0, 4), ...(left.length > 4 ? [`${left.length - 4} autres champs`] : []), ...(bodyLeft ? ['le texte Markdown'] : [])];
    const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} et ${names.at(-1)}` : names[0];
    const at = left.length > 0 ? where.field(parseFieldPath(left[0]!)) : where.inBody(content.trim().slice(0, 20));
    found.push({
      file,
      ...at,
      field: left[0] ?? 'texte Markdown',
      message: `texte d’exemple écrit par npm run new, encore tel quel (${listed}) : remplacez-le par ce qui est vrai et propre à ${name} (quartiers, arbres, terrains, règles de la municipalité)`,
    });
  }
  const geo = (data as { geo?: Geo }).geo;
  if (geo && companyPlace(name, geo, company)) {
    found.push({
      file,
      ...where.field(['geo']),
      field: 'geo',
      message: `coordonnées de l’entreprise, pas de ${name} : écrivez celles du centre de ${name} (sur une carte en ligne, un clic droit au centre de la ville les affiche), par exemple geo: { lat: 45.8, lng: -75.6 }`,
    });
  }
  return found;
}
