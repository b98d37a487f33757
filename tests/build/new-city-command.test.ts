import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fastBuild } from '../../src/engine/index.ts';
import { html } from '../../tools/lib/built-site.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { copySite } from '../helpers/fixture-site.ts';

const copy = copySite();
afterAll(() => rmSync(copy.dir, { recursive: true, force: true }));
const run = (...args: string[]) => spawnSync(process.execPath, ['bin/cli.mjs', 'new', ...args, '--content', copy.dir], { encoding: 'utf8' });

describe('npm run new -- city "Saint-André-Avellin"', () => {
  it('writes a commented city file and its English file, slug by the city-link rule, that build as they are', async () => {
    const made = run('city', 'Saint-André-Avellin');
    expect(made.status, made.stderr).toBe(0);
    const text = readFileSync(join(copy.dir, 'cities/saint-andre-avellin.md'), 'utf8');
    expect(text).toMatch(/^slug: saint-andre-avellin$/m);
    expect(text).toMatch(/^# /m);
    // The copy follows content/: the typographic apostrophe only.
    expect(text).not.toMatch(/\p{L}'/u);
    const english = readFileSync(join(copy.dir, 'en/cities/saint-andre-avellin.md'), 'utf8');
    expect(english).toMatch(/^slug: saint-andre-avellin$/m);
    expect(english).toMatch(/^ {2}- service: tree-removal$/m);
    const site = await fastBuild({ contentDir: copy.dir, cacheDir: warmCache() });
    expect(html(site, 'abattage-saint-andre-avellin.html')).toContain('Saint-André-Avellin');
    expect(site.files.has('zones/saint-andre-avellin.html')).toBe(true);
    expect(html(site, 'en/tree-removal-saint-andre-avellin.html')).toContain('<h1>TREE REMOVAL IN SAINT-ANDRÉ-AVELLIN</h1>');
    expect(site.files.has('en/service-areas/saint-andre-avellin.html')).toBe(true);
  });

  it('refuses a city whose slug exists, and writes nothing', () => {
    const again = run('city', 'Saint-André-Avellin');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('existe déjà');
    const hull = run('city', 'Hull');
    expect(hull.status).toBe(1);
    expect(hull.stderr).toContain('cities/hull.md');
  });
});
