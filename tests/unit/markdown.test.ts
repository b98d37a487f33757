import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { contactPieces } from '../../src/shared/contact-links.ts';
import { markdownToHtml } from '../../src/content/markdown.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/markdown');

describe('markdownToHtml fixtures (input.md → exact output.html)', () => {
  for (const name of readdirSync(FIXTURES)) {
    it(`renders ${name}`, () => {
      const input = readFileSync(join(FIXTURES, name, 'input.md'), 'utf8');
      const expected = readFileSync(join(FIXTURES, name, 'output.html'), 'utf8').trim();
      expect(markdownToHtml(input)).toBe(expected);
    });
  }

  // patches/ makes mdast-util-from-markdown keep one compiler for every document (V8 spent most of
  // a second optimising a new one per document in each build thread, `npm run bench:markdown`
  // measures it); each document's state is its own.
  it('renders each fixture the same after any other document, even one left open', () => {
    const before = ['7. sept\n8. huit', '```js\nun bloc jamais fermé', 'une ligne coupée  \n', '[texte][réf]\n\n[réf]: /a "titre"', 'Titre\n===', '&amp; &#35; [lien](/b', '> citation\n> - liste'];
    for (const name of readdirSync(FIXTURES)) {
      const input = readFileSync(join(FIXTURES, name, 'input.md'), 'utf8');
      const expected = readFileSync(join(FIXTURES, name, 'output.html'), 'utf8').trim();
      for (const other of before) {
        markdownToHtml(other);
        expect(markdownToHtml(input), `${name} after ${JSON.stringify(other)}`).toBe(expected);
      }
    }
  });
});

describe('the patched Markdown reader (patches/mdast-util-from-markdown+2.1.0.patch)', () => {
  // The compiler reads each extension when it is made: counting the reads counts the compilers.
  const counted = () => {
    const reads = { count: 0 };
    const extension = {
      get transforms() {
        reads.count += 1;
        return [];
      },
    };
    return { reads, extensions: [extension] };
  };

  it('makes one compiler for a set of extensions, however many documents it reads', () => {
    const { reads, extensions } = counted();
    for (const doc of ['# Titre', 'Un paragraphe.', '- un\n- deux']) fromMarkdown(doc, { mdastExtensions: extensions });
    expect(reads.count).toBe(1);
  });

  it('makes another compiler for another set, even with the same extensions in it', () => {
    const { reads, extensions } = counted();
    fromMarkdown('un', { mdastExtensions: extensions });
    fromMarkdown('deux', { mdastExtensions: [...extensions] });
    expect(reads.count).toBe(2);
  });
});

describe('markdown sanitising', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src="x.png" onerror="alert(1)">',
    '[cliquez](javascript:alert(1))',
    '<a href="javascript:alert(1)">lien</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<p onclick="alert(1)">texte</p>',
    '[data](data:text/html;base64,PHNjcmlwdD4=)',
  ].join('\n\n');

  it('drops scripts, event handlers, javascript: and data: URLs', () => {
    const html = markdownToHtml(hostile);
    expect(html).not.toMatch(/<script|<iframe|\son\w+=|javascript:|data:text/i);
  });

  it('keeps tel: and mailto: links so editors can write tap-to-call links', () => {
    const html = markdownToHtml('Appelez le [819 555-0142](tel:+18195550142) ou [écrivez-nous](mailto:info@exemple.ca).');
    expect(html).toContain('<a href="tel:+18195550142">819 555-0142</a>');
    expect(html).toContain('<a href="mailto:info@exemple.ca">écrivez-nous</a>');
  });
});

describe('the business phone and e-mail in copy', () => {
  const contacts = { phone: '819 555-0142', tel: '+18195550142', email: 'info@exemple.ca' };

  it('cuts text around every occurrence, the phone as tap-to-call', () => {
    expect(contactPieces('Appelez le 819 555-0142 ou écrivez à info@exemple.ca.', contacts)).toEqual([
      { text: 'Appelez le ' },
      { text: '819 555-0142', href: 'tel:+18195550142' },
      { text: ' ou écrivez à ' },
      { text: 'info@exemple.ca', href: 'mailto:info@exemple.ca' },
      { text: '.' },
    ]);
    expect(contactPieces('Sans coordonnées.', contacts)).toEqual([{ text: 'Sans coordonnées.' }]);
  });

  it('become links in Markdown, also inside emphasis, but never nested in an existing link', () => {
    const html = markdownToHtml('**Urgence : 819 555-0142** ou info@exemple.ca.\n\n[Appelez le 819 555-0142](tel:+18195550142)', contacts);
    expect(html).toBe(
      '<p><strong>Urgence : <a href="tel:+18195550142">819 555-0142</a></strong> ou <a href="mailto:info@exemple.ca">info@exemple.ca</a>.</p>\n' +
        '<p><a href="tel:+18195550142">Appelez le 819 555-0142</a></p>',
    );
  });
});
