import { describe, expect, it } from 'vitest';
import { explainLines, localeKeyParts, renderReason } from '../../src/engine/index.ts';

const data = { site: { phone: '819 555-0142' }, services: [1], pages: { home: 'a' }, assets: { css: '/a.css' } };
const locale = (code: string, d: object = data) => localeKeyParts(code, 'fr,en', d as never);
const page = { route: 'r1', input: 'hull-1' };

describe('why a page is rendered again', () => {
  it('names the first part of its key that changed: the code, a field of the site data, its address, its own input', () => {
    const now = { locale: locale('code-1'), page };
    expect(renderReason(now, {}, 'content/cities/hull.md')).toBe('aucune construction précédente connue');
    expect(renderReason(now, { locale: locale('code-1') }, 'content/cities/hull.md')).toBe('nouvelle page');
    expect(renderReason(now, { locale: locale('code-0'), page }, 'x')).toBe('code du rendu modifié (empreinte code-0 → code-1)');
    expect(renderReason(now, { locale: locale('code-1', { ...data, site: { phone: '819 555-0143' }, assets: { css: '/b.css' } }), page }, 'x')).toBe(
      'modifié : content/site.md, la feuille de style ou le script client',
    );
    expect(renderReason(now, { locale: locale('code-1'), page: { ...page, route: 'r0' } }, 'x')).toBe('adresse, gabarit ou versions linguistiques modifiés');
    expect(renderReason(now, { locale: locale('code-1'), page: { ...page, input: 'hull-0' } }, 'content/cities/hull.md')).toBe('modifié : content/cities/hull.md');
    expect(renderReason(now, { locale: locale('code-1'), page }, 'x')).toBe('même clé, mais la page n’était plus ni dans dist/ ni dans le cache');
  });

  it('prints one line a reason, the pages counted then the first five named, at 4,000 pages as at one', () => {
    const many = Array.from({ length: 4000 }, (_, i) => ({ path: `/abattage-ville-${i}`, why: 'code du rendu modifié (empreinte a → b)' }));
    const lines = explainLines([...many, { path: '/', why: 'modifié : content/site.md' }]);
    expect(lines).toEqual([
      'Rendues de nouveau (4001), pourquoi :',
      '  4000 pages — code du rendu modifié (empreinte a → b) : /abattage-ville-0, /abattage-ville-1, /abattage-ville-2, /abattage-ville-3, /abattage-ville-4 et 3995 autres',
      '  1 page — modifié : content/site.md : /',
    ]);
    expect(explainLines([])).toEqual(['Aucune page rendue de nouveau : toutes reprises.']);
  });
});
