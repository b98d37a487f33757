import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedAdmin } from '../../src/cli/admin-cache.ts';

/** A project of two source files, and a bundler that counts its runs and joins what it read. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'admin-src-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/main.tsx'), 'import "./fields";');
  writeFileSync(join(root, 'src/fields.ts'), 'export const label = "Résumé";');
  let runs = 0;
  const make = async () => {
    runs++;
    return { files: new Map([['admin/cms.js', new TextEncoder().encode(`bundle ${runs}`)]]), inputs: ['src/main.tsx', 'src/fields.ts'] };
  };
  return { root, make, runs: () => runs, cache: join(mkdtempSync(join(tmpdir(), 'admin-cache-')), 'admin') };
}

const text = (files: Map<string, Uint8Array>) => new TextDecoder().decode(files.get('admin/cms.js'));

describe('the editor’s bundle in the build cache', () => {
  it('is made once, then taken from the cache while no file it was made from changed', async () => {
    const p = project();
    expect(text(await cachedAdmin(p.cache, 'k', p.root, p.make))).toBe('bundle 1');
    expect(text(await cachedAdmin(p.cache, 'k', p.root, p.make))).toBe('bundle 1');
    expect(p.runs()).toBe(1);
  });

  it('is made again when a file esbuild read changed, or the key (options, bundling code, lock file)', async () => {
    const p = project();
    await cachedAdmin(p.cache, 'k', p.root, p.make);
    writeFileSync(join(p.root, 'src/fields.ts'), 'export const label = "Sommaire";');
    expect(text(await cachedAdmin(p.cache, 'k', p.root, p.make))).toBe('bundle 2');
    expect(text(await cachedAdmin(p.cache, 'k2', p.root, p.make))).toBe('bundle 3');
    expect(text(await cachedAdmin(p.cache, 'k2', p.root, p.make))).toBe('bundle 3');
  });

  it('is made again when its stored copy was changed or cut short on disk, and keeps only the last bundle', async () => {
    const p = project();
    await cachedAdmin(p.cache, 'k', p.root, p.make);
    const [stored] = readdirSync(p.cache).filter((f) => f !== 'record.json');
    writeFileSync(join(p.cache, stored!), 'bundle');
    expect(text(await cachedAdmin(p.cache, 'k', p.root, p.make))).toBe('bundle 2');
    expect(readdirSync(p.cache).sort()).toHaveLength(2);
  });

  it('is made each time without a cache folder', async () => {
    const p = project();
    await cachedAdmin(null, 'k', p.root, p.make);
    await cachedAdmin(null, 'k', p.root, p.make);
    expect(p.runs()).toBe(2);
  });
});
