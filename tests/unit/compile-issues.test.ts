import { describe, expect, it } from 'vitest';
import { compileIssues, issueLine } from '../../src/dev/compile-issues.ts';

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
    const issues = compileIssues(printed);
    expect(issues).toEqual([
      { place: 'src/render/pages/city.tsx:73:9', field: 'code', message: 'Expected ">" but found "<"' },
      { place: 'src/islands/faq/faq.tsx:4:1', field: 'code', message: 'Unexpected "}"' },
    ]);
    expect(issueLine(issues[0]!)).toBe('src/render/pages/city.tsx:73:9 › code : Expected ">" but found "<"');
  });

  it('keeps the first line of a failure that names no place, rather than showing nothing', () => {
    expect(compileIssues('\nError: Cannot find module esbuild\n    at x')).toEqual([{ place: 'code', field: '', message: 'Error: Cannot find module esbuild' }]);
  });
});
