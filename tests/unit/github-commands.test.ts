import { describe, expect, it } from 'vitest';
import { annotation, jobSummary, weigh, workflowCommand } from '../../src/cli/github.ts';

describe('GitHub workflow commands', () => {
  it('prints file, line, col and title in that order, then the message', () => {
    expect(workflowCommand('error', 'exactement 5 questions attendues', { file: 'content/cities/hull.md', line: 12, col: 3, title: 'faq' })).toBe(
      '::error file=content/cities/hull.md,line=12,col=3,title=faq::exactement 5 questions attendues',
    );
  });

  it('leaves out the properties it was not given', () => {
    expect(workflowCommand('warning', 'attention')).toBe('::warning::attention');
    expect(workflowCommand('error', 'x', { file: 'a.md', line: undefined, title: '' })).toBe('::error file=a.md::x');
  });

  it('escapes %, carriage return and line feed in the message, and nothing else', () => {
    expect(workflowCommand('error', '100% faux\r\nligne 2: a, b')).toBe('::error::100%25 faux%0D%0Aligne 2: a, b');
  });

  it('escapes %, \\r, \\n, : and , in property values', () => {
    expect(workflowCommand('error', 'm', { file: 'c:/dossier,1/50%.md', title: 'a\r\nb: c, d' })).toBe(
      '::error file=c%3A/dossier%2C1/50%25.md,title=a%0D%0Ab%3A c%2C d::m',
    );
  });

  it('escapes % before the others, so an escape sequence in the input survives as text', () => {
    expect(workflowCommand('error', '%0A', { title: '%2C' })).toBe('::error title=%252C::%250A');
  });

  it('turns content issues and broken links into one error each, on their file and line', () => {
    const commands = [
      { file: 'content/cities/hull.md', line: 7, column: 1, field: 'faq', message: 'exactement 5 questions attendues (reçu : 4)' },
      { kind: 'link' as const, pages: ['/'], target: '/abattage-nulle-part' },
      { kind: 'link' as const, pages: ['/services/elagage'], target: '/zones/hul', near: ['/zones/hull'], file: 'content/services/elagage.md', line: 4 },
    ].map(annotation);
    expect(commands).toEqual([
      '::error file=content/cities/hull.md,line=7,col=1,title=Contenu invalide::faq : exactement 5 questions attendues (reçu : 4)',
      '::error title=Lien interne brisé::lien « /abattage-nulle-part » sur la page / : aucune page à cette adresse ; corrigez le gabarit qui l’écrit',
      '::error file=content/services/elagage.md,line=4,title=Lien interne brisé::lien « /zones/hul » sur la page /services/elagage : aucune page à cette adresse ; vouliez-vous dire « /zones/hull » ?',
    ]);
  });
});

describe('job summary', () => {
  const summary = jobSummary({
    pages: 38,
    aliases: 16,
    ms: 1234.4,
    rendered: 1,
    reused: 22,
    cards: 0,
    webhook: { url: 'https://hooks.exemple.net/a|b', source: 'QUOTE_WEBHOOK_URL' },
    weights: [
      { kind: 'accueil', html: { raw: 20480, compressed: 5120 }, css: { raw: 10240, compressed: 2048 }, js: { raw: 1024, compressed: 512 } },
      { kind: 'ville', html: { raw: 2048, compressed: 1024 }, css: { raw: 10240, compressed: 2048 }, js: { raw: 0, compressed: 0 } },
    ],
  });

  it('names the pages, aliases, build time, what was rendered and drawn, and the webhook used', () => {
    expect(summary).toContain('| Pages | 38 (dont 16 alias) |');
    expect(summary).toContain('| Rendues / reprises du cache | 1 / 22 |');
    expect(summary).toContain('| Cartes de partage dessinées | 0 |');
    expect(summary).toContain('| Durée | 1234 ms |');
    expect(summary).toContain('<code>https://hooks.exemple.net/a\\|b</code> (source : QUOTE_WEBHOOK_URL)');
  });

  it('gives HTML, CSS and JS weight per kind of page, raw then compressed, with a total', () => {
    expect(summary).toContain('| accueil | 20,0 Kio (5,0 Kio) | 10,0 Kio (2,0 Kio) | 1,0 Kio (0,5 Kio) | 31,0 Kio (7,5 Kio) |');
    expect(summary).toContain('| ville | 2,0 Kio (1,0 Kio) | 10,0 Kio (2,0 Kio) | 0,0 Kio (0,0 Kio) | 12,0 Kio (3,0 Kio) |');
  });

  it('weighs files raw and brotli-compressed', () => {
    const w = weigh(['a'.repeat(10_000), new Uint8Array(100)]);
    expect(w.raw).toBe(10_100);
    expect(w.compressed).toBeGreaterThan(0);
    expect(w.compressed).toBeLessThan(200);
  });
});
