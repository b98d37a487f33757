import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSite } from '../../src/engine/write-site.ts';

describe('writeSite', () => {
  it('stores an alias page once (hard link) and swaps the new site in whole', () => {
    const parent = mkdtempSync(join(tmpdir(), 'write-'));
    const out = join(parent, 'dist');
    const page = '<!DOCTYPE html><title>Hull</title>';
    writeSite(new Map([['old.html', 'ancien']]), out);
    writeSite(new Map([['abattage-hull.html', page], ['zones/hull.html', page], ['robots.txt', 'User-agent: *']]), out);
    expect(readFileSync(join(out, 'zones/hull.html'), 'utf8')).toBe(page);
    expect(statSync(join(out, 'zones/hull.html')).ino).toBe(statSync(join(out, 'abattage-hull.html')).ino);
    expect(statSync(join(out, 'robots.txt')).nlink).toBe(1);
    expect(readdirSync(out).sort()).toEqual(['abattage-hull.html', 'robots.txt', 'zones']);
    expect(readdirSync(parent)).toEqual(['dist']);
  });
});
