import { describe, expect, it } from 'vitest';
import { compileDiagnostics } from '../../src/dev/compile-diagnostics.ts';
import { diagnosticLine } from '../../src/shared/diagnostic.ts';

describe('compile errors in the live preview overlay', () => {
  it('lists each error of esbuild’s summary at its file, line and 1-based column', () => {
    const printed = [
      '✘ [ERROR] Expected ">" but found "<"',
      '',
      'Error: Build failed with 2 errors:',
      'src/render/pages/city.tsx:73:8: ERROR: Expected ">" but found "<"',
      'src/islands/faq/faq.tsx:4:0: ERROR: Unexpected "}"',
      '    at failureErrorWithLog (node_modules/esbuild/lib/main.js:1752:15)',
    ].join('\n');
    const issues = compileDiagnostics(printed);
    expect(issues).toEqual([
      { kind: 'code', file: 'src/render/pages/city.tsx', line: 73, column: 9, field: 'code', message: 'Expected ">" but found "<"' },
      { kind: 'code', file: 'src/islands/faq/faq.tsx', line: 4, column: 1, field: 'code', message: 'Unexpected "}"' },
    ]);
    expect(diagnosticLine(issues[0]!)).toBe('src/render/pages/city.tsx:73:9 › code : Expected ">" but found "<"');
  });

  it('keeps the first line of a failure that names no place, rather than showing nothing', () => {
    const issues = compileDiagnostics('\nError: Cannot find module esbuild\n    at x');
    expect(issues).toEqual([{ kind: 'code', message: 'Error: Cannot find module esbuild' }]);
    expect(diagnosticLine(issues[0]!)).toBe('code › (fichier) : Error: Cannot find module esbuild');
  });
});
