import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { readFrontMatter } from '../../src/content/front-matter.ts';
import { readMarkdown } from '../../src/content/front-matter-edit.ts';
import { parseContentFile } from '../../src/content/read-file.ts';

/** Values gray-matter's own js-yaml 3 read otherwise: 010 as eight, 0o10 as text, 1_000 as a thousand, an unquoted date as a Date. */
const FILE = '---\nclosed: no\nlight: on\ncount: 010\nanswer: yes\noctal: 0o10\nthousand: 1_000\nupdated: 2026-11-24\n---\nCorps.\n';

describe('front-matter is read by one parser, YAML 1.2, in the build and in the editor', () => {
  it('reads no, on, 010, yes, 0o10, 1_000 and a date as the editor does', () => {
    const build = readFrontMatter(FILE).data;
    expect(build).toEqual({ closed: 'no', light: 'on', count: 10, answer: 'yes', octal: 8, thousand: '1_000', updated: '2026-11-24' });
    expect(readMarkdown(FILE).data).toEqual(build);
  });

  it('gives the same body as before the header was handed to yaml', () => {
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
