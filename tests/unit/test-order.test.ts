import { describe, expect, it } from 'vitest';
import { fileTime, longestFirst } from '../../tools/lib/test-order.ts';

const names = (files: { name: string }[]) => files.map((f) => f.name);

describe('the order of a run', () => {
  it('keeps each project together, in name order', () => {
    const files = [
      { name: 'unit-a', project: 'unit', ms: 900, size: 1 },
      { name: 'browser-a', project: 'browser', ms: 10, size: 1 },
      { name: 'build-a', project: 'build', ms: 500, size: 1 },
      { name: 'browser-b', project: 'browser', ms: 20, size: 1 },
    ];
    expect(names(longestFirst(files))).toEqual(['browser-b', 'browser-a', 'build-a', 'unit-a']);
  });

  it('starts the longest files first, after the files it has no time for, largest first', () => {
    const files = [
      { name: 'short', project: 'build', ms: 1_000, size: 9_000 },
      { name: 'new-small', project: 'build', size: 100 },
      { name: 'long', project: 'build', ms: 13_000, size: 200 },
      { name: 'new-large', project: 'build', size: 5_000 },
      { name: 'medium', project: 'build', ms: 5_000, size: 50 },
    ];
    expect(names(longestFirst(files))).toEqual(['new-large', 'new-small', 'long', 'medium', 'short']);
  });

  it('gives the same order whatever order the files come in', () => {
    const files = [
      { name: 'a', project: 'build', ms: 3, size: 1 },
      { name: 'b', project: 'build', size: 7 },
      { name: 'c', project: 'browser', ms: 1, size: 1 },
      { name: 'd', project: 'build', ms: 8, size: 2 },
      { name: 'e', project: 'build', size: 2 },
    ];
    const once = names(longestFirst(files));
    expect(names(longestFirst([...files].reverse()))).toEqual(once);
    expect(names(longestFirst([files[2]!, files[4]!, files[0]!, files[3]!, files[1]!]))).toEqual(once);
  });

  it('times a file by its last run here, or by the committed time when that run failed or is unknown', () => {
    expect(fileTime({ duration: 35_000, failed: false }, 20_000)).toBe(35_000);
    expect(fileTime({ duration: 50, failed: true }, 35_000)).toBe(35_000);
    expect(fileTime(undefined, 35_000)).toBe(35_000);
    expect(fileTime({ duration: 50, failed: true }, undefined)).toBe(50);
    expect(fileTime(undefined, undefined)).toBeUndefined();
  });
});
