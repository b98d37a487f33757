import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editMarkdown, readMarkdown, writeMarkdown } from '../../src/content/front-matter-edit.ts';
import { CONTENT_DIR } from '../../tools/lib/content-copy.ts';
import { SITE_DIR } from '../helpers/fixture-site.ts';

/** Every file of the real content/, whatever the editors wrote: each must survive a save untouched. */
const contentFiles = readdirSync(CONTENT_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
const readLive = (file: string) => readFileSync(join(CONTENT_DIR, file), 'utf8');
/** A file of the fixture site, for the edits whose exact lines a test names. */
const read = (file: string) => readFileSync(join(SITE_DIR, file), 'utf8');

/** The lines only in `before` and only in `after`, between their common head and tail (one hunk). */
function hunk(before: string, after: string): { removed: string[]; added: string[] } {
  const [a, b] = [before.split('\n'), after.split('\n')];
  let head = 0;
  while (head < a.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

/** An editor's change to one file: read it, change its values, save it. */
function edit(file: string, change: (data: Record<string, any>) => void, body?: string): { before: string; after: string } {
  const before = read(file);
  const entry = readMarkdown(before);
  const data = structuredClone(entry.data);
  change(data);
  return { before, after: editMarkdown(before, { data, body: body ?? entry.body }) };
}

describe('editMarkdown: a save rewrites only the values the editor changed', () => {
  it.each(contentFiles)('leaves %s byte for byte when nothing changed', (file) => {
    const text = readLive(file);
    expect(editMarkdown(text, readMarkdown(text))).toBe(text);
  });

  it('changes one line, in double quotes, when Hull’s summary is edited', () => {
    const { before, after } = edit('cities/hull.md', (d) => (d.summary = 'Un résumé tout neuf, avec « guillemets » et : deux-points.'));
    expect(hunk(before, after)).toEqual({
      removed: [expect.stringMatching(/^summary: "Au cœur historique/)],
      added: ['summary: "Un résumé tout neuf, avec « guillemets » et : deux-points."'],
    });
    expect(readMarkdown(after).data.summary).toBe('Un résumé tout neuf, avec « guillemets » et : deux-points.');
  });

  it('keeps site.md’s comments when its phone number changes', () => {
    const { before, after } = edit('site.md', (d) => (d.phone = '819 555-0199'));
    expect(hunk(before, after)).toEqual({ removed: ['phone: "819 555-0142"'], added: ['phone: "819 555-0199"'] });
    expect(after.match(/^ *#.*$/gm)).toEqual(before.match(/^ *#.*$/gm));
  });

  it('changes a nested value inside a flow map, keeping its padding', () => {
    const { before, after } = edit('cities/hull.md', (d) => (d.geo.lat = 45.43));
    expect(hunk(before, after)).toEqual({ removed: ['geo: { lat: 45.4289, lng: -75.7157 }'], added: ['geo: { lat: 45.43, lng: -75.7157 }'] });
  });

  it('adds a keyword to a flow list on its one line, without padding', () => {
    const { before, after } = edit('cities/hull.md', (d) => d.seo.keywords.push('arboriste Hull'));
    const { removed, added } = hunk(before, after);
    expect(removed).toHaveLength(1);
    expect(added).toEqual([removed[0]!.replace(/"]$/, '", "arboriste Hull"]')]);
  });

  it('removes a reason by deleting its two lines only', () => {
    const { before, after } = edit('cities/hull.md', (d) => d.reasons.splice(1, 1));
    expect(hunk(before, after)).toEqual({
      removed: ['  - title: "Respect du voisinage"', expect.stringMatching(/^ {4}text: "Dans un quartier/)],
      added: [],
    });
  });

  it('adds a question at the end of the FAQ with two new lines', () => {
    const { before, after } = edit('cities/hull.md', (d) => d.faq.push({ question: 'Une question?', answer: 'Une réponse.' }));
    expect(hunk(before, after)).toEqual({ removed: [], added: ['  - question: "Une question?"', '    answer: "Une réponse."'] });
  });

  it('removes an optional field the editor cleared, and appends a new one at the end', () => {
    const cleared = edit('cities/ottawa.md', (d) => (d.heroNote = undefined));
    expect(hunk(cleared.before, cleared.after).added).toEqual([]);
    expect(readMarkdown(cleared.after).data.heroNote).toBeUndefined();
    const { before, after } = edit('cities/hull.md', (d) => (d.photo = { src: 'images/hull.jpg', alt: 'Un érable' }));
    expect(hunk(before, after)).toEqual({ removed: [], added: ['photo:', '  src: "images/hull.jpg"', '  alt: "Un érable"'] });
  });

  it('changes the body only, front-matter untouched', () => {
    const { before, after } = edit('cities/hull.md', () => {}, 'Un seul paragraphe.\n');
    expect(after).toBe(before.slice(0, before.indexOf('\n---\n') + 5) + 'Un seul paragraphe.\n');
  });

  it('reads back exactly the values it was given, for a change in every city', () => {
    for (const file of readdirSync(join(SITE_DIR, 'cities')).map((f) => `cities/${f}`)) {
      const { after } = edit(file, (d) => {
        d.name = `${d.name} : édité`;
        d.order += 1;
        d.featured = !d.featured;
        d.faq[0].answer = 'Réponse « nouvelle »\nsur deux lignes.';
        d.services.reverse();
      });
      const expected = readMarkdown(read(file)).data as Record<string, any>;
      const got = readMarkdown(after).data as Record<string, any>;
      expect(got.name).toBe(`${expected.name} : édité`);
      expect(got.order).toBe(expected.order + 1);
      expect(got.featured).toBe(!expected.featured);
      expect(got.faq[0].answer).toBe('Réponse « nouvelle »\nsur deux lignes.');
      expect(got.services).toEqual([...expected.services].reverse());
      expect(got.seo).toEqual(expected.seo);
    }
  });

  it('writes a new file in double quotes when there was none', () => {
    const text = writeMarkdown({ data: { slug: 'wakefield', name: 'Wakefield', order: 13, heroTitle: '' }, body: 'Texte.\n' });
    expect(text).toBe('---\nslug: "wakefield"\nname: "Wakefield"\norder: 13\n---\nTexte.\n');
  });
});
