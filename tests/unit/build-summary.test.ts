import { describe, expect, it } from 'vitest';
import { englishLine, warningsBlock, WARNINGS_SHOWN } from '../../src/cli/build-summary.ts';
import { jobSummary } from '../../src/cli/github.ts';
import type { Diagnostic } from '../../src/shared/diagnostic.ts';
import { firstLines, namedList, NAMES_SHOWN } from '../../src/shared/named-list.ts';

const cities = (n: number) => Array.from({ length: n }, (_, i) => `content/cities/ville-${i + 1}.md`);

describe('the build summary at 4,000 pages', () => {
  it('names every item of a short list, and the first few of a long one followed by how many more', () => {
    expect(namedList(['a', 'b'])).toBe('a, b');
    expect(namedList(['a', 'b', 'c', 'd'], 3)).toBe('a, b, c et 1 autre');
    expect(namedList(cities(1000))).toBe(`${cities(NAMES_SHOWN).join(', ')} et ${1000 - NAMES_SHOWN} autres`);
  });

  it('keeps a block of lines to the first few, then one line that counts the rest', () => {
    expect(firstLines(['x', 'y'], 2)).toEqual(['  x', '  y']);
    expect(firstLines(['x', 'y', 'z', 'w'], 2, '- ')).toEqual(['- x', '- y', '- … et 2 autres']);
  });

  it('counts the French-only files, then names the first few, on one short line', () => {
    expect(englishLine(38, [])).toBe('En anglais : 38 pages sous /en/.');
    expect(englishLine(38, ['content/cities/thurso.md'])).toBe('En anglais : 38 pages sous /en/ ; 1 fichier en français seulement (frenchOnly) : content/cities/thurso.md.');
    const line = englishLine(40, cities(1000));
    expect(line).toMatch(/^En anglais : 40 pages sous \/en\/ ; 1000 fichiers en français seulement \(frenchOnly\) : content\/cities\/ville-1\.md, .* et 995 autres\.$/);
    expect(line.length).toBeLessThan(300);
  });

  it('lists the first warnings, each on its line, and counts the others', () => {
    const warnings: Diagnostic[] = cities(4000).map((file) => ({ file, line: 9, column: 3, field: 'photo', message: 'photo trop étroite' }));
    const lines = warningsBlock(warnings).split('\n');
    expect(lines[0]).toBe('À revoir (4000) :');
    expect(lines).toHaveLength(1 + WARNINGS_SHOWN + 1);
    expect(lines[1]).toBe('  content/cities/ville-1.md:9:3 › photo : photo trop étroite');
    expect(lines.at(-1)).toBe(`  … et ${4000 - WARNINGS_SHOWN} autres`);
  });

  it('gives GitHub the count of values to replace and the first 50 of them, not one row per page', () => {
    const checklist: Diagnostic[] = cities(4000).map((file) => ({ kind: 'launch', file, line: 2, field: 'geo', message: 'coordonnées d’exemple' }));
    const summary = jobSummary({ pages: 8000, aliases: 4000, ms: 1, webhook: { url: '/api/quote', source: 'site.md' }, weights: [], checklist });
    expect(summary).toContain('### Avant la mise en ligne (4000 à remplacer)');
    expect(summary.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(51);
    expect(summary).toContain('- … et 3950 autres');
  });
});
