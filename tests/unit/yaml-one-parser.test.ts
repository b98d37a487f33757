import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as z from 'zod';
import { readFrontMatter } from '../../src/content/front-matter.ts';
import { editMarkdown, readMarkdown, writeMarkdown } from '../../src/content/front-matter-edit.ts';
import { locate } from '../../src/content/positions.ts';
import { parseContentFile } from '../../src/content/read-file.ts';

/** Values gray-matter's own js-yaml 3 read otherwise: 010 as eight, 0o10 as text, 1_000 as a thousand, an unquoted date as a Date. */
const FILE = '---\nclosed: no\nlight: on\ncount: 010\nanswer: yes\noctal: 0o10\nthousand: 1_000\nupdated: 2026-11-24\n---\nCorps.\n';

/** Plain scalars whose type YAML 1.1 and 1.2 disagree on, or that a reader could take for a number, a date or a time. */
const SCALARS = [
  'no', 'on', 'off', 'yes', 'y', 'True', 'TRUE', 'false', 'False', '010', '0777', '0o10', '0o8', '0x1F', '+0x1F', '0b101', '1_000',
  '1,000', '2024-05-01', '2024-05-01T10:00:00Z', '~', 'null', 'Null', 'NULL', '.inf', '-.inf', '.Inf', '.nan', '07:00', '12:30:00',
  '1e3', '3.14e-2', '+12', '-12', '0.5', '.5', '1.', '-0', '00', '<<', '=', '"010"', "'no'", '!!str 010', '!!int "7"',
];

/** The first problem of a content file whose header is `header`, as the build reports it. */
function firstIssue(header: string) {
  const parsed = parseContentFile('pages/test.md', `---\n${header}---\nCorps.\n`, z.object({}).passthrough(), null);
  return parsed.ok ? undefined : parsed.issues[0];
}

describe('front-matter is read by one parser, YAML 1.2, in the build and in the editor', () => {
  it('reads no, on, 010, yes, 0o10, 1_000 and a date as the editor does', () => {
    const build = readFrontMatter(FILE).data;
    expect(build).toEqual({ closed: 'no', light: 'on', count: 10, answer: 'yes', octal: 8, thousand: '1_000', updated: '2026-11-24' });
    expect(readMarkdown(FILE).data).toEqual(build);
  });

  it.each(SCALARS)('reads the scalar %s as YAML 1.2’s core schema does', (scalar) => {
    const expected: unknown = parse(`value: ${scalar}\n`).value;
    expect((readFrontMatter(`---\nvalue: ${scalar}\n---\n`).data as { value: unknown }).value).toEqual(expected);
    expect(readMarkdown(`---\nvalue: ${scalar}\n---\n`).data.value).toEqual(expected);
  });

  it('gives the body that follows the header', () => {
    expect(readFrontMatter(FILE).content).toBe('Corps.\n');
  });

  it('refuses a header written as JavaScript instead of running it', () => {
    expect(() => readFrontMatter('---js\n{ answer: 42 }\n---\nCorps.\n')).toThrow(/YAML/);
  });

  it('names the file, the line and the field of a value YAML 1.2 reads as text where a schema wants a boolean', () => {
    const schema = z.strictObject({ title: z.string(), featured: z.boolean() });
    const parsed = parseContentFile('cities/test.md', '---\ntitle: "Test"\nfeatured: yes\n---\nCorps.\n', schema, null);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues).toEqual([expect.objectContaining({ file: 'cities/test.md', field: 'featured', line: 3, column: 11 })]);
  });

  it('places a field written twice on the line of its second writing', () => {
    const parsed = parseContentFile('cities/test.md', '---\ntitle: "A"\nfeatured: true\ntitle: "B"\n---\n', z.object({}), null);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues).toEqual([{ file: 'cities/test.md', field: '', message: 'en-tête YAML invalide : champ écrit deux fois', line: 4, column: 1 }]);
  });
});

describe('a YAML syntax error is said in French, at its line and column', () => {
  it.each([
    ['seo:\n  title: "x"\n    description: "y"\n', 4, 5, 'indentation incorrecte'],
    ['seo:\n\ttitle: "x"\n', 3, 1, 'tabulation dans l’indentation'],
    ['title: "Sans fin\norder: 2\n', 2, 8, 'caractère manquant'],
    ['title: "A"\nkeywords: ["a", "b"\norder: 2\n', 3, 11, 'caractère manquant'],
    ["title: 'Sans fin\n", 2, 8, 'caractère manquant'],
    ['keywords: ["a" "b"]\n', 2, 16, 'virgule manquante'],
    ['title: "a\\qb"\n', 2, 11, 'séquence d’échappement invalide'],
    ['title: @accueil\n', 2, 8, 'une valeur ne peut pas commencer par ce caractère'],
    ['title: a\nun texte sans deux-points\norder: 1\n', 4, 6, 'nom de champ sur plusieurs lignes'],
    ['title: a\n]\n', 3, 1, 'caractère inattendu'],
    ['title: &ancre a\nalias: *ancre\n', 3, 9, 'alias (*nom) refusé'],
    [': valeur\n', 2, 1, 'champ sans nom'],
    ['? [a, b]\n: valeur\n', 2, 1, 'un bloc ne peut pas servir de nom de champ'],
    ['title: a\n...\norder: 1\n', 2, 1, 'plusieurs documents YAML'],
  ])('%j', (header, line, column, message) => {
    expect(firstIssue(header)).toEqual({ file: 'pages/test.md', field: '', message: expect.stringContaining(`en-tête YAML invalide : ${message}`), line, column });
  });
});

describe('positions in a header', () => {
  const raw = '---\ntitle: "Abattage"\nfaq:\n  - question: \'Quand?\'\n    answer: |\n      En hiver.\nseo: { title: "x", keywords: [a, b] }\n---\nCorps avec un mot.\n';

  it('places a value, a missing field at its nearest block, and a key', () => {
    const where = locate(raw);
    expect(where.field(['faq', 0, 'question'])).toEqual({ line: 4, column: 15 });
    expect(where.field(['faq', 0, 'answer'])).toEqual({ line: 5, column: 13 });
    expect(where.field(['seo', 'keywords', 1])).toEqual({ line: 7, column: 34 });
    expect(where.field(['faq', 0, 'missing'])).toEqual({ line: 4, column: 5 });
    expect(where.key(['seo'])).toEqual({ line: 7, column: 1 });
  });

  it('names the field that holds an offset, and none in the body', () => {
    const where = locate(raw);
    expect(where.at(raw.indexOf('hiver'))).toEqual({ line: 6, column: 10, field: 'faq[0].answer' });
    expect(where.at(raw.indexOf('b]'))).toEqual({ line: 7, column: 34, field: 'seo.keywords[1]' });
    expect(where.at(raw.indexOf('mot'))).toEqual({ line: 9, column: 15 });
    expect(where.inBody('mot')).toEqual({ line: 9, column: 15 });
  });
});

describe('what the editor writes, the build reads back the same', () => {
  const data = {
    title: 'Abattage à Hull',
    closed: 'no',
    hours: '07:00',
    code: '010',
    reply: 'oui',
    colon: 'a: b # pas un commentaire',
    quotes: 'L’arbre « mort » et l\'"autre"',
    lines: 'deux\nlignes',
    order: 10,
    ratio: 0.5,
    featured: false,
    geo: { lat: 45.4289, lng: -75.7157 },
    keywords: ['arbre', 'yes', '2024-05-01'],
    faq: [{ question: 'Quand?', answer: 'En hiver.' }],
  };

  it('reads back a new file as written', () => {
    expect(readFrontMatter(writeMarkdown({ data, body: 'Texte.\n' })).data).toEqual(data);
  });

  it('reads back an edited file as edited', () => {
    const before = writeMarkdown({ data, body: 'Texte.\n' });
    const next = { ...data, closed: 'off', hours: '12:30', order: 11, keywords: [...data.keywords, 'on'], faq: [{ question: 'true', answer: '~' }] };
    expect(readFrontMatter(editMarkdown(before, { data: next, body: 'Texte.\n' })).data).toEqual(next);
  });

  it('reads back a hand-written header edited in every style it holds', () => {
    const before = [
      '---',
      'plain: texte simple',
      "single: 'l''arbre'",
      'block: |',
      '  deux',
      '  lignes',
      'empty:',
      'flow: { a: 1, b: [x, y] }',
      'list:',
      '  - un',
      '  - deux',
      '  - trois',
      '# un commentaire',
      'last: 1',
      '---',
      'Corps.',
      '',
    ].join('\n');
    const next = {
      plain: 'yes',
      single: "c'est 07:00",
      block: 'une, ligne',
      empty: 'rempli',
      flow: { a: 2, b: ['x, y', 'z'] },
      list: ['un', 'trois'],
      last: 2,
    };
    const after = editMarkdown(before, { data: next, body: 'Corps.\n' });
    expect(readFrontMatter(after).data).toEqual(next);
    expect(after).toContain('# un commentaire\nlast: 2\n');
    expect(after).toContain("single: 'c''est 07:00'\n");
    expect(after).toContain('list:\n  - un\n  - trois\n#');
  });
});
