import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runBuild } from '../../src/cli/run-build.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { SITE, copySite } from '../helpers/fixture-site.ts';

afterEach(() => vi.restoreAllMocks());

const cacheDir = () => warmCache();

describe('npm run build', () => {
  it('writes dist/ and says how many pages in how long', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'out-')), 'dist');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await runBuild({ contentDir: SITE, outDir: out, cacheDir: cacheDir() })).toBe(true);
    expect(log.mock.calls[0]![0]).toMatch(/^\d+ pages \(dont \d+ alias\) écrites dans .* en \d+ ms \(\d+ rendues, \d+ reprises ; \d+ cartes? de partage dessinées? ; \d fils?\)\.$/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<h1');
  });

  it('keeps the last good dist/ untouched when a content file is broken, and says why', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'out-')), 'dist');
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const cache = cacheDir();
    expect(await runBuild({ contentDir: SITE, outDir: out, cacheDir: cache })).toBe(true);
    const before = readFileSync(join(out, 'abattage-hull.html'), 'utf8');

    const copy = copySite();
    copy.edit('cities/hull.md', (t) => t.replace(/^name: .*$/m, 'name: 42'));
    copy.edit('pages/home.md', (t) => t.replace(/^---\n/, '---\n: : :\n'));
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(m));
    expect(await runBuild({ contentDir: copy.dir, outDir: out, cacheDir: cache })).toBe(false);
    rmSync(copy.dir, { recursive: true, force: true });

    expect(errors.join('\n')).toMatch(/cities\/hull\.md:\d+:\d+ › name : /);
    expect(errors.join('\n')).toMatch(/pages\/home\.md:2:\d+ › \(fichier\) : en-tête YAML invalide/);
    expect(errors.at(-1)).toContain('n’a pas été modifié');
    expect(readFileSync(join(out, 'abattage-hull.html'), 'utf8')).toBe(before);
    expect(readdirSync(dirname(out))).toEqual(['dist']);
  });
});
