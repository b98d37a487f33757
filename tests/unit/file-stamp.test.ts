import { linkSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStamp } from '../../src/engine/index.ts';

function aFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'stamp-')), 'hull.md');
  writeFileSync(file, 'Hull');
  return file;
}

describe('a file’s stamp', () => {
  it('in place, moves with a same-size edit that puts the old times back', () => {
    const file = aFile();
    const before = fileStamp(file, 'in-place');
    const { atime, mtime } = statSync(file);
    writeFileSync(file, 'Hulk');
    utimesSync(file, atime, mtime);
    expect(fileStamp(file, 'in-place')).not.toBe(before);
  });

  it('portable, stays when a hard link to the file is made (its change time moves), and moves with its size', () => {
    const file = aFile();
    const before = fileStamp(file, 'portable');
    linkSync(file, `${file}.link`);
    expect(fileStamp(file, 'portable')).toBe(before);
    writeFileSync(file, 'Hull, Aylmer');
    expect(fileStamp(file, 'portable')).not.toBe(before);
  });

  it('is none for a file read within the clock’s tick of its last change, or missing, and given once that tick is past', () => {
    const file = aFile();
    const changed = statSync(file).ctimeMs;
    expect(fileStamp(file, 'in-place', changed + 1000)).toBeUndefined();
    expect(fileStamp(file, 'portable', changed + 1000)).toBeUndefined();
    expect(fileStamp(file, 'in-place', changed + 2100)).toBe(fileStamp(file, 'in-place'));
    expect(fileStamp(`${file}.missing`, 'portable')).toBeUndefined();
  });
});
