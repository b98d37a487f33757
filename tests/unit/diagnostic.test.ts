import { describe, expect, it } from 'vitest';
import { contentReport, type Diagnostic, diagnosticLine, type LinkDiagnostic, linksReport } from '../../src/shared/diagnostic.ts';

const written: LinkDiagnostic = { kind: 'link', pages: ['/abattage-hull'], target: '/tarifs', near: [], file: 'content/cities/hull.md', line: 4, column: 16 };
const typo: LinkDiagnostic = { kind: 'link', pages: ['/', '/services', '/zones', '/contact'], target: '/abattage-aylmr', near: ['/abattage-aylmer'], file: 'content/site.md', line: 40, column: 3 };
const templated: LinkDiagnostic = { kind: 'link', pages: ['/'], target: '/assets/perdu.js' };

describe('diagnostics as the terminal and the overlay print them', () => {
  it('places a problem at file:line:column, column 1 when only the line is known, the file alone without a line', () => {
    expect(diagnosticLine({ file: 'content/cities/hull.md', line: 12, column: 5, field: 'faq', message: 'exactement 5 questions attendues (reçu : 4)' })).toBe(
      'content/cities/hull.md:12:5 › faq : exactement 5 questions attendues (reçu : 4)',
    );
    expect(diagnosticLine({ file: 'content/site.md', line: 3, field: 'phone', message: 'invalide' })).toBe('content/site.md:3:1 › phone : invalide');
    expect(diagnosticLine({ file: 'content/pages/blogue.md', field: '', message: 'page inconnue' })).toBe('content/pages/blogue.md › (fichier) : page inconnue');
  });

  it('says where an editor wrote a broken link, or that a template made it', () => {
    expect(diagnosticLine(written)).toBe(
      'content/cities/hull.md:4:16 › lien « /tarifs » sur la page /abattage-hull : aucune page à cette adresse ; aucune adresse du site n’en est proche : corrigez-la ou retirez le lien',
    );
    expect(linksReport([templated, typo])).toBe(
      [
        'Liens internes brisés (2) :',
        '  écrit par un gabarit : aucun fichier de contenu ne contient cette adresse › lien « /assets/perdu.js » sur la page / : aucune page à cette adresse ; corrigez le gabarit qui l’écrit',
        '  content/site.md:40:3 › lien « /abattage-aylmr » sur les pages /, /services, /zones et 1 autre : aucune page à cette adresse ; vouliez-vous dire « /abattage-aylmer » ?',
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
