import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../tools/lib/content-copy.ts';

/**
 * Pages are read one after another by visitors and search engines: issue 16 (§5) found ten
 * sentences word for word on three city pages or more, and issue 27 found one fact (a septic
 * field, private roads, the ash borer) stated up to 12 times on one page, in both languages.
 * Across city pages, only a city's own text counts: the shared block (pages/city.md) is the same
 * on every page by design. Within one page, everything the visitor reads counts, shared block
 * included; the search-engine fields (seo) do not, they are not on the page.
 */

type Lang = 'fr' | 'en';
type Page = { file: string; city?: string; texts: string[] };

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

const folderOf = (lang: Lang) => (lang === 'fr' ? CONTENT_DIR : join(CONTENT_DIR, 'en'));
const fileOf = (lang: Lang, path: string) => (lang === 'fr' ? `content/${path}` : `content/en/${path}`);

function read(lang: Lang, path: string): { data: Record<string, unknown>; content: string } {
  const { data, content } = matter(readFileSync(join(folderOf(lang), path), 'utf8'), {});
  return { data, content };
}

const markdownFiles = (lang: Lang, folder: string) =>
  existsSync(join(folderOf(lang), folder)) ? readdirSync(join(folderOf(lang), folder)).filter((name) => name.endsWith('.md')) : [];

/** A city's own text (`seo` apart, unless asked), and the shared block as its page shows it. */
function cityPages(lang: Lang, withSeo: boolean): Page[] {
  const shared = read(lang, 'pages/city.md').data;
  return markdownFiles(lang, 'cities').map((name) => {
    const { data, content } = read(lang, `cities/${name}`);
    const { seo, overrides, ...rest } = data as { seo?: { keywords?: unknown }; overrides?: Record<string, unknown> };
    const { keywords: _keywords, ...seoText } = seo ?? {};
    const city = String(data.name);
    const own = [...strings(rest), ...(withSeo ? strings(seoText) : []), content];
    const block = strings({ ...shared, ...overrides }).map((text) => text.replaceAll('{city}', city));
    return { file: fileOf(lang, `cities/${name}`), city, texts: withSeo ? own : [...own, ...block] };
  });
}

/** The service pages and the other pages, `seo` apart; the shared city block is counted with each city. */
function otherPages(lang: Lang): Page[] {
  const files = [...markdownFiles(lang, 'services').map((n) => `services/${n}`), ...markdownFiles(lang, 'pages').filter((n) => n !== 'city.md').map((n) => `pages/${n}`)];
  return files.map((path) => {
    const { data, content } = read(lang, path);
    const { seo: _seo, ...rest } = data;
    return { file: fileOf(lang, path), texts: [...strings(rest), content] };
  });
}

/** Sentences of four words or more, spaces and apostrophes made alike, Markdown emphasis dropped. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((block) => block.replace(/\*\*/g, '').replace(/'/g, '’').replace(/\s+/g, ' ').trim().split(/(?<=[.!?;])\s+(?=[\p{Lu}«{"“])/u))
    .filter((sentence) => sentence.split(' ').length >= 4);
}

/**
 * Each sentence found on more than `max` pages, with the pages. The page's own city name reads
 * as {city}: « Nos équipes partent de Gatineau pour Cantley » and « … pour Chelsea » are one sentence.
 * Titles and labels (no closing punctuation: « Abattage d’arbres à Hull ») name the same thing on
 * every page by design; a sentence or a question ends with its mark.
 */
export function repeatedSentences(pages: Page[], max = 2): string[] {
  const where = new Map<string, Set<string>>();
  for (const { file, city, texts } of pages) {
    const own = texts
      .flatMap(sentences)
      .filter((s) => /[.!?…]["”»]?$/.test(s))
      .map((s) => (city ? s.replaceAll(city, '{city}') : s));
    for (const sentence of new Set(own)) where.set(sentence, (where.get(sentence) ?? new Set()).add(file));
  }
  return [...where].filter(([, files]) => files.size > max).map(([sentence, files]) => `${files.size}× « ${sentence} » (${[...files].join(', ')})`);
}

/**
 * One fact, the ways each language states it. A page may state a fact up to three times (its
 * summary, a card, an answer): a fourth is repetition, and the sentences are printed to pick from.
 */
export const FACTS: { fact: string; fr: RegExp; en: RegExp }[] = [
  { fact: 'délai d’urgence d’une heure', fr: /une heure environ/gi, en: /about an hour/gi },
  { fact: 'dans les 24 heures', fr: /dans les 24 heures/gi, en: /within 24 hours/gi },
  { fact: 'jour et nuit', fr: /jour et nuit|de jour comme de nuit|à toute heure/gi, en: /day (and|or) night|any hour|around the clock/gi },
  { fact: 'jours fériés', fr: /jours? fériés?/gi, en: /holidays?\b/gi },
  { fact: 'départ de Gatineau, trajet plus long', fr: /partent de Gatineau|le trajet/gi, en: /leave from Gatineau|the drive\b/gi },
  { fact: 'assurance de 2 millions', fr: /2 millions/gi, en: /\$2 million/gi },
  { fact: 'plus de 15 ans', fr: /15 ans/gi, en: /15 years/gi },
  { fact: 'prix de départ de 300 $', fr: /300 \$/gi, en: /\$300/gi },
  { fact: 'broyage à 30 cm', fr: /30 cm/gi, en: /30 cm/gi },
  { fact: '1 à 3 heures par souche', fr: /1 à 3 heures/gi, en: /1 to 3 hours/gi },
  { fact: 'élagage tous les 3 à 5 ans', fr: /3 à 5 ans/gi, en: /3 to 5 years/gi },
  { fact: 'dormance hivernale', fr: /dormance/gi, en: /dorman(cy|t)/gi },
  { fact: 'installation septique', fr: /septique|champ d.épuration/gi, en: /septic|leach field|drain field/gi },
  { fact: 'chemins privés', fr: /chemins? privés?/gi, en: /private roads?/gi },
  { fact: 'agrile du frêne', fr: /agrile/gi, en: /ash borer/gi },
  { fact: 'crues et sol détrempé', fr: /crues?\b|détremp/gi, en: /flood|waterlogged/gi },
  { fact: 'démontage par sections', fr: /par sections/gi, en: /in sections|sectional/gi },
  { fact: 'Hydro-Québec', fr: /Hydro-Québec/g, en: /Hydro-Québec/g },
  { fact: 'estimation gratuite', fr: /estimation gratuite|estimation ne vous coûte rien/gi, en: /free(, no-obligation)? estimate|estimate (itself )?is free/gi },
];

/** Each fact a page states more than `max` times, with the sentences that state it. */
export function repeatedFacts(pages: Page[], lang: Lang, max = 3): string[] {
  return pages.flatMap(({ file, texts }) =>
    FACTS.flatMap(({ fact, ...forms }) => {
      const form = forms[lang];
      const said = texts.flatMap(sentences).filter((s) => s.match(form));
      const times = said.reduce((n, s) => n + (s.match(form)?.length ?? 0), 0);
      return times > max ? [`${file} : « ${fact} » ${times} fois\n${said.map((s) => `    « ${s} »`).join('\n')}`] : [];
    }),
  );
}

describe.each(['fr', 'en'] as const)('the pages in %s do not repeat themselves', (lang) => {
  it('share no sentence word for word across more than two city pages', () => {
    const cities = cityPages(lang, true);
    expect(cities).toHaveLength(12);
    const found = repeatedSentences(cities);
    if (found.length > 0) console.log(`${found.length} phrases répétées (${lang}) :\n${found.join('\n')}`);
    expect(found).toEqual([]);
  });

  it('state each fact three times at most on one page', () => {
    const found = repeatedFacts([...cityPages(lang, false), ...otherPages(lang)], lang);
    if (found.length > 0) console.log(`${found.length} faits répétés (${lang}) :\n${found.join('\n')}`);
    expect(found).toEqual([]);
  });
});

describe('the repetition guard', () => {
  it('finds a sentence on three city pages, even with the city’s name in it (the gate can fail)', () => {
    const pages = ['Aylmer', 'Hull', 'Chelsea'].map((city) => ({ file: city, city, texts: [`Texte écrit pour la page de ${city.length} lettres. Nos équipes partent de Gatineau pour ${city}.`] }));
    expect(repeatedSentences(pages)).toEqual(['3× « Nos équipes partent de Gatineau pour {city}. » (Aylmer, Hull, Chelsea)']);
    expect(repeatedSentences(pages.slice(0, 2))).toEqual([]);
  });

  it('finds a fact stated four times on one page, and prints its sentences', () => {
    const page = { file: 'content/cities/x.md', texts: ['Le champ septique est fragile. Votre installation septique compte. Une fosse septique, ça se protège.', 'Nous protégeons le champ septique.'] };
    const [found] = repeatedFacts([page], 'fr');
    expect(found).toMatch(/^content\/cities\/x\.md : « installation septique » 4 fois\n {4}« Le champ septique est fragile\. »/);
    expect(repeatedFacts([{ ...page, texts: page.texts.slice(0, 1) }], 'fr')).toEqual([]);
  });
});
