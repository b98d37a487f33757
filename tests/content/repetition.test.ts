import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../tools/lib/content-copy.ts';

/**
 * The twelve city pages are read one after another by visitors and search engines: issue 16 (§5)
 * found ten sentences word for word on three pages or more, and the emergency delay and the
 * insurance stated two or three times on one page. The shared block (content/pages/city.md) is
 * the same on every page by design and is not counted; a city's own text is.
 */

type CityText = { file: string; own: string[]; overrides: string[] };

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

function cityTexts(): CityText[] {
  const dir = join(CONTENT_DIR, 'cities');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const { data, content } = matter(readFileSync(join(dir, name), 'utf8'), {});
      const { seo, overrides, ...rest } = data as { seo?: { keywords?: unknown }; overrides?: unknown };
      const { keywords: _keywords, ...seoText } = seo ?? {};
      return { file: `content/cities/${name}`, own: [...strings(rest), ...strings(seoText), content], overrides: strings(overrides) };
    });
}

/** Sentences of four words or more, spaces and apostrophes made alike, Markdown emphasis dropped. */
function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((block) => block.replace(/\*\*/g, '').replace(/'/g, '’').replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s+(?=[\p{Lu}«{])/u))
    .filter((sentence) => sentence.split(' ').length >= 4);
}

/** Each sentence found on `min` pages or more, with the pages. */
function repeatedSentences(pages: { file: string; texts: string[] }[], min = 3): string[] {
  const where = new Map<string, Set<string>>();
  for (const { file, texts } of pages) for (const sentence of new Set(texts.flatMap(sentences))) where.set(sentence, (where.get(sentence) ?? new Set()).add(file));
  return [...where].filter(([, files]) => files.size >= min).map(([sentence, files]) => `${files.size}× « ${sentence} » (${[...files].join(', ')})`);
}

const count = (texts: string[], pattern: RegExp) => texts.reduce((n, text) => n + (text.match(pattern)?.length ?? 0), 0);

describe('the twelve city pages do not read alike', () => {
  const cities = cityTexts();

  it('share no sentence word for word across three city pages or more', () => {
    expect(cities).toHaveLength(12);
    expect(repeatedSentences(cities.map(({ file, own }) => ({ file, texts: own })))).toEqual([]);
  });

  it('state the emergency delay once per page, and leave the insurance figure to the shared safety block', () => {
    const problems = cities.flatMap(({ file, own }) => {
      const delay = count(own, /une heure environ/g);
      const insurance = count(own, /2 millions/g);
      return [
        ...(delay === 1 ? [] : [`${file} : délai d’urgence ${delay} fois (attendu : 1)`]),
        ...(insurance === 0 ? [] : [`${file} : « 2 millions » ${insurance} fois (le bloc commun le dit déjà)`]),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('finds a sentence repeated on three pages (the gate can fail)', () => {
    const same = 'Nous répondons jour et nuit, jours fériés compris.';
    const pages = ['a', 'b', 'c'].map((file) => ({ file, texts: [`Texte propre à ${file}, assez long. ${same}`] }));
    expect(repeatedSentences(pages)).toEqual([`3× « ${same} » (a, b, c)`]);
    expect(repeatedSentences(pages.slice(0, 2))).toEqual([]);
  });
});
