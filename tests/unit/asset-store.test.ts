import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AssetStore, digest } from '../../src/engine/index.ts';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'assets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const bundle = { meta: { entry: 'assets/entry-1.js' }, files: new Map([['assets/entry-1.js', bytes('import("./chunk-a.js")')], ['assets/chunk-a.js', bytes('export const a = 1')]]) };
const sheet = { meta: { file: 'assets/site-1.css' }, files: new Map([['assets/site-1.css', bytes('body{color:red}')]]) };

describe('the asset store keeps each set whole under its key, or not at all', () => {
  it('gives back a set as it was written, meta and files, in a new store on the same folder', () => {
    const dir = folder();
    new AssetStore(dir).write('client-x', bundle);
    const read = new AssetStore(dir).read<typeof bundle.meta>('client-x');
    expect(read?.meta).toEqual(bundle.meta);
    expect([...read!.files].map(([path, b]) => [path, Buffer.from(b).toString()])).toEqual([...bundle.files].map(([path, b]) => [path, Buffer.from(b).toString()]));
    expect(new AssetStore(dir).read('client-y')).toBeUndefined();
  });

  it('takes a set with one damaged or missing file for a miss, and removes the damaged file', () => {
    const dir = folder();
    const store = new AssetStore(dir);
    store.write('client-x', bundle);
    const chunk = join(dir, 'files', digest(bundle.files.get('assets/chunk-a.js')!));
    writeFileSync(chunk, 'export const a = 2');
    expect(store.read('client-x')).toBeUndefined();
    expect(existsSync(chunk)).toBe(false);
    store.write('client-x', bundle);
    rmSync(join(dir, 'files', digest(bundle.files.get('assets/entry-1.js')!)));
    expect(store.read('client-x')).toBeUndefined();
  });

  it('takes a set whose manifest is cut or missing for a miss', () => {
    const dir = folder();
    const store = new AssetStore(dir);
    store.write('css-x', sheet);
    writeFileSync(join(dir, 'css-x.json'), '{"meta":');
    expect(store.read('css-x')).toBeUndefined();
  });

  it('keeps, when pruned, the live sets and their files, and removes every other set, file and folder of an older layout', () => {
    const dir = folder();
    const store = new AssetStore(dir);
    store.write('client-old', { meta: {}, files: new Map([['assets/entry-0.js', bytes('old')]]) });
    store.write('client-x', bundle);
    store.write('css-x', sheet);
    mkdirSync(join(dir, 'client-v2-layout', 'files'), { recursive: true });
    store.prune(new Set(['client-x', 'css-x']));
    expect(readdirSync(dir).sort()).toEqual(['client-x.json', 'css-x.json', 'files']);
    expect(readdirSync(join(dir, 'files')).sort()).toEqual([...bundle.files.values(), ...sheet.files.values()].map((b) => digest(b)).sort());
    expect(store.read('client-x')).toBeDefined();
    expect(store.read('css-x')).toBeDefined();
  });
});
