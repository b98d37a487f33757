import { describe, expect, it } from 'vitest';
import { contentReport, type Diagnostic, diagnosticLine, type LinkDiagnostic, linksReport } from '../../src/shared/diagnostic.ts';

const written: LinkDiagnostic = { kind: 'link', page: 'zones/hull.html', target: '/tarifs', file: 'content/cities/hull.md', line: 4, column: 16 };
const templated: LinkDiagnostic = { kind: 'link', page: 'index.html', target: '/assets/perdu.js' };

describe('diagnostics as the terminal and the overlay print them', () => {
  it('places a problem at file:line:column, column 1 when only the line is known, the file alone without a line', () => {
    expect(diagnosticLine({ file: 'content/cities/hull.md', line: 12, column: 5, field: 'faq', message: 'exactement 5 questions attendues (reçu : 4)' })).toBe(
      'content/cities/hull.md:12:5 › faq : exactement 5 questions attendues (reçu : 4)',
    );
    expect(diagnosticLine({ file: 'content/site.md', line: 3, field: 'phone', message: 'invalide' })).toBe('content/site.md:3:1 › phone : invalide');
    expect(diagnosticLine({ file: 'content/pages/blogue.md', field: '', message: 'page inconnue' })).toBe('content/pages/blogue.md › (fichier) : page inconnue');
  });

  it('says where an editor wrote a broken link, or that a template made it', () => {
    expect(diagnosticLine(written)).toBe('content/cities/hull.md:4:16 › lien /tarifs : la page zones/hull.html pointe vers une adresse sans page');
    expect(linksReport([templated, written])).toBe(
      [
        'Liens internes brisés (2) :',
        '  index.html → /assets/perdu.js (écrit par un gabarit : aucun fichier de contenu ne contient cette adresse)',
        '  zones/hull.html → /tarifs (content/cities/hull.md:4:16)',
      ].join('\n'),
    );
  });

  it('counts every content problem but lists the first 50, so a generated folder does not flood the terminal', () => {
    const many: Diagnostic[] = Array.from({ length: 52 }, (_, i) => ({ file: `content/cities/v${i}.md`, line: 2, column: 7, field: 'slug', message: 'invalide' }));
    const lines = contentReport(many).split('\n');
    expect(lines[0]).toBe('Contenu invalide (52 problèmes) :');
    expect(lines).toHaveLength(52);
    expect(lines[50]).toBe('  content/cities/v49.md:2:7 › slug : invalide');
    expect(lines[51]).toBe('  … et 2 autres');
  });
});
