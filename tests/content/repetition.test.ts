import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFrontMatter } from '../../src/content/front-matter.ts';
import { describe, expect, it } from 'vitest';
import { CONTENT_UNDER_CHECK } from '../helpers/fixture-site.ts';

/**
 * Pages are read one after another by visitors and search engines: a sentence written word for
 * word on three city pages, a fact (a septic field, private roads, the ash borer) stated up to
 * 12 times on one page, families of near-verbatim sentences (the same sentence with another town,
 * a few words more or another order), or a local term repeated like a keyword read as filler.
 * Across city pages, only a city's own text counts: the shared block (pages/city.md) is the same
 * on every page by design. Within one page, everything the visitor reads counts, shared block
 * included; the search-engine fields (seo) do not, they are not on the page.
 */

type Lang = 'fr' | 'en';
type Page = { file: string; city?: string; texts: string[] };

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

const folderOf = (lang: Lang) => (lang === 'fr' ? CONTENT_UNDER_CHECK : join(CONTENT_UNDER_CHECK, 'en'));
const fileOf = (lang: Lang, path: string) => (lang === 'fr' ? `content/${path}` : `content/en/${path}`);

function read(lang: Lang, path: string): { data: Record<string, unknown>; content: string } {
  const { data, content } = readFrontMatter(readFileSync(join(folderOf(lang), path), 'utf8'));
  return { data: data as Record<string, unknown>, content };
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

/** Words that carry no meaning of their own, dropped before sentences are compared. */
const STOP_WORDS: Record<Lang, Set<string>> = {
  fr: new Set('à a au aux avec c ce ces cet cette d dans de des du elle elles en est et il ils j l la le les leur leurs m mais n ne nos notre nous on ou par pas plus pour qu que qui s sa sans se ses si son sont sur t tous tout un une vos votre vous y'.split(' ')),
  en: new Set('a all an and are as at be by can do does for from how i if in is it its my no not of on or our s t that the their them there these they this those to we what when will with you your'.split(' ')),
};

/**
 * A sentence as words to compare: place names (every city of the site, whichever page it is on)
 * read as one placeholder, accents, case and punctuation dropped, stop-words out, and each word cut
 * to its first five letters, so that « abattre » and « abattage », "removal" and "remove" meet.
 */
export function wordsOf(sentence: string, lang: Lang, places: string[]): string[] {
  let text = sentence;
  for (const place of [...places].sort((a, b) => b.length - a.length)) text = text.replaceAll(place, ' lieu ');
  return text
    .replaceAll('{name}', ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9$]+/g, ' ')
    .split(' ')
    .filter((word) => word && !STOP_WORDS[lang].has(word))
    .map((word) => word.slice(0, 5));
}

const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((x) => b.has(x)).length;

/**
 * Two sentences are near copies when, once both read as words (wordsOf, six words or more each),
 * either most of the shorter one's word triples are in the other one (60 %, four triples at least:
 * the same sentence with a tail added, « …pour un très grand pin ») or their words are mostly
 * the same (70 % of all their distinct words: the same sentence in another order). Measured on
 * the city pages: two sentences that only share a topic (two permit answers, two
 * stump-grinding cards written for their town) stay under both lines.
 */
export function nearCopies(a: string[], b: string[]): boolean {
  if (a.length < 6 || b.length < 6) return false;
  const triples = (words: string[]) => new Set(words.slice(2).map((_, i) => words.slice(i, i + 3).join(' ')));
  const [ta, tb] = [triples(a), triples(b)];
  const sharedTriples = overlap(ta, tb);
  if (sharedTriples >= 4 && sharedTriples / Math.min(ta.size, tb.size) >= 0.6) return true;
  const [sa, sb] = [new Set(a), new Set(b)];
  const shared = overlap(sa, sb);
  return shared / (sa.size + sb.size - shared) >= 0.7;
}

/**
 * Families of near copies (nearCopies, chained: a ≈ b and b ≈ c make one family) found on more
 * than `max` pages, each printed with its sentences and their pages. Only sentences count, as for
 * repeatedSentences: titles and labels name the same thing on every page by design.
 */
export function sentenceFamilies(pages: Page[], lang: Lang, places: string[], max = 2): string[] {
  const all = pages.flatMap(({ file, texts }) =>
    [...new Set(texts.flatMap(sentences).filter((s) => /[.!?…]["”»]?$/.test(s)))].map((text) => ({ file, text, words: wordsOf(text, lang, places) })),
  );
  const parent = all.map((_, i) => i);
  const root = (i: number): number => {
    const up = parent[i] ?? i;
    return up === i ? i : (parent[i] = root(up));
  };
  const linked = new Set<number>();
  all.forEach((a, i) =>
    all.slice(i + 1).forEach((b, k) => {
      const j = i + 1 + k;
      if (a.file !== b.file && nearCopies(a.words, b.words)) {
        parent[root(i)] = root(j);
        linked.add(i).add(j);
      }
    }),
  );
  const families = new Map<number, typeof all>();
  for (const i of linked) families.set(root(i), [...(families.get(root(i)) ?? []), ...all.slice(i, i + 1)]);
  return [...families.values()]
    .filter((members) => new Set(members.map(({ file }) => file)).size > max)
    .map((members) => `${new Set(members.map(({ file }) => file)).size} pages :\n${members.map(({ file, text }) => `    ${file} : « ${text} »`).join('\n')}`);
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

/**
 * A text as the terms the keyword guard counts: place names and tokens out, accents and case
 * dropped, stop-words and words under three letters out, a plural's s or x dropped and each word
 * cut to its first five letters, so that « haie » and « haies », « cèdre » and « cèdres » meet.
 */
export function termsOf(text: string, lang: Lang, places: string[]): string[] {
  let rest = text.replace(/\{\w+\}/g, ' ');
  for (const place of [...places].sort((a, b) => b.length - a.length)) rest = rest.replaceAll(place, ' ');
  return rest
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .split(' ')
    .filter((word) => word.length >= 3 && !STOP_WORDS[lang].has(word))
    .map((word) => word.replace(/(?<=...)[sx]$/, '').slice(0, 5));
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Terms a page repeats far more than its neighbours (the other pages of its kind) do, like a
 * keyword: at least `min` times, and at least `ratio` times the neighbours' median plus one. The
 * median, not the mean: one neighbour that speaks of lakes on every line must not decide whether
 * another page may, or removing that city would fail a page nobody touched. A term no other page
 * uses may come back seven times, not eight. Measured on the city pages: a floor of seven would
 * fail each town's own subject (Chelsea's white pines and park, Cantley's forest), a ratio of four
 * the ash trees of the pages that speak of the borer, as their neighbours do.
 */
export function repeatedTerms(pages: Page[], lang: Lang, places: string[], min = 8, ratio = 6): string[] {
  const counts = pages.map(({ texts }) => {
    const count = new Map<string, number>();
    for (const term of texts.flatMap((t) => termsOf(t, lang, places))) count.set(term, (count.get(term) ?? 0) + 1);
    return count;
  });
  return pages.flatMap(({ file }, i) =>
    [...counts[i]!].flatMap(([term, times]) => {
      const elsewhere = median(counts.filter((_, j) => j !== i).map((other) => other.get(term) ?? 0));
      return times >= min && times >= ratio * (elsewhere + 1) ? [`${file} : « ${term}… » ${times} fois (médiane des autres pages : ${elsewhere})`] : [];
    }),
  );
}

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
    const found = repeatedSentences(cities);
    if (found.length > 0) console.log(`${found.length} phrases répétées (${lang}) :\n${found.join('\n')}`);
    expect(found).toEqual([]);
  });

  it('share no near-verbatim sentence family across more than two city pages', () => {
    const cities = cityPages(lang, true);
    const found = sentenceFamilies(cities, lang, cities.map(({ city }) => city!));
    if (found.length > 0) console.log(`${found.length} familles de phrases presque identiques (${lang}) :\n${found.join('\n')}`);
    expect(found).toEqual([]);
  });

  it('repeat no term far more than the other pages of their kind, like a keyword', () => {
    // City pages only: each service page has its own subject, the stump on the stump page.
    const cities = cityPages(lang, false);
    const found = repeatedTerms(cities, lang, cities.map(({ city }) => city!));
    if (found.length > 0) console.log(`${found.length} termes répétés comme des mots-clés (${lang}) :\n${found.join('\n')}`);
    expect(found).toEqual([]);
  });

  it('still passes the keyword guard with any one city removed, as the owner may remove one', () => {
    const cities = cityPages(lang, false);
    const found = cities.flatMap((removed) => {
      const rest = cities.filter((page) => page !== removed);
      return repeatedTerms(rest, lang, rest.map(({ city }) => city!)).map((term) => `sans ${removed.file} : ${term}`);
    });
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

  it('finds a family of near copies on three city pages, not sentences that only share a topic (the gate can fail)', () => {
    const places = ['Aylmer', 'Hull', 'Chelsea', 'Gatineau'];
    const pages = [
      { file: 'aylmer.md', texts: ['Le prix part d’environ 300 $ pour un petit arbre et peut atteindre plusieurs milliers de dollars pour un très grand chêne.'] },
      { file: 'hull.md', texts: ['Le prix commence à environ 300 $ pour un petit arbre et peut atteindre plusieurs milliers de dollars pour un très grand érable entre deux maisons.'] },
      { file: 'chelsea.md', texts: ['À Chelsea, le prix part d’environ 300 $ pour un petit arbre et peut atteindre plusieurs milliers de dollars.'] },
    ];
    const [family, ...more] = sentenceFamilies(pages, 'fr', places);
    expect(more).toEqual([]);
    expect(family).toMatch(/^3 pages :\n {4}aylmer\.md : « Le prix part/);
    expect(family).toContain('chelsea.md : « À Chelsea, le prix');
    expect(sentenceFamilies(pages.slice(0, 2), 'fr', places)).toEqual([]);
    // The same words in another order are still a copy; the same topic in other words is not.
    expect(nearCopies(wordsOf('Hull fait partie de la Ville de Gatineau, qui exige un certificat d’autorisation pour abattre un arbre.', 'fr', places), wordsOf('Chelsea fait partie de Gatineau, où l’abattage d’un arbre exige un certificat d’autorisation.', 'fr', places))).toBe(true);
    expect(nearCopies(wordsOf('Le grand pin penché au-dessus du chalet se démonte pièce par pièce, retenu à la corde.', 'fr', places), wordsOf('Sur la pente, nous descendons le bois du pin à la main pour épargner la rive et le gazon.', 'fr', places))).toBe(false);
  });

  it('finds a term one page repeats like a keyword, not one its neighbours share (the gate can fail)', () => {
    const folder = join(import.meta.dirname, '../fixtures/keyword-pages');
    const pages = readdirSync(folder).map((name) => ({ file: name, texts: [readFrontMatter(readFileSync(join(folder, name), 'utf8')).content] }));
    const places = ['Aylmer', 'Cantley', 'Chelsea', 'Hull'];
    expect(repeatedTerms(pages, 'fr', places)).toEqual([expect.stringMatching(/^cantley\.md : « cedre… » 9 fois \(médiane des autres pages : 0\)/)]);
    // Every neighbour names the cedar once: Cantley's cedars are a shared subject, not a keyword.
    const shared = pages.map((page) => (page.file === 'cantley.md' ? page : { ...page, texts: [...page.texts, 'Un cèdre.'] }));
    expect(repeatedTerms(shared, 'fr', places)).toEqual([]);
    // One neighbour that speaks of nothing else does not excuse Cantley: both are keywords.
    const lone = [...pages, { file: 'gatineau.md', texts: ['cèdre '.repeat(30)] }];
    expect(repeatedTerms(lone, 'fr', places)).toEqual([expect.stringMatching(/^cantley\.md : « cedre… » 9 fois/), expect.stringMatching(/^gatineau\.md : « cedre… » 30 fois/)]);
    expect(termsOf('Les cèdres, un cèdre; les haies et la haie de Cantley.', 'fr', places)).toEqual(['cedre', 'cedre', 'haie', 'haie']);
  });

  it('finds a fact stated four times on one page, and prints its sentences', () => {
    const page = { file: 'content/cities/x.md', texts: ['Le champ septique est fragile. Votre installation septique compte. Une fosse septique, ça se protège.', 'Nous protégeons le champ septique.'] };
    const [found] = repeatedFacts([page], 'fr');
    expect(found).toMatch(/^content\/cities\/x\.md : « installation septique » 4 fois\n {4}« Le champ septique est fragile\. »/);
    expect(repeatedFacts([{ ...page, texts: page.texts.slice(0, 1) }], 'fr')).toEqual([]);
  });
});
