import { appendFileSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, currentFingerprints, STYLES_SOURCE } from '../../src/engine/index.ts';
import { isStylesheetPath } from '../../src/shared/asset-names.ts';
import { type Built, build, bytesOf, coldCache, digests, temp } from '../helpers/engine-build.ts';
import { copySite } from '../helpers/fixture-site.ts';

let content: ReturnType<typeof copySite>;
let reference: Built;

beforeAll(async () => {
  content = copySite();
  reference = await build({ contentDir: content.dir });
});
afterAll(() => rmSync(content.dir, { recursive: true, force: true }));

describe('the build engine gives the same site however it runs', () => {
  it('builds byte-identical files in one thread, on worker threads, with a cold cache and with a warm one', async () => {
    const cacheDir = coldCache();
    const outDir = join(temp('out-'), 'dist');
    const parallel = await build({ contentDir: content.dir, threads: 2, parallelFrom: 0 });
    const cold = await build({ contentDir: content.dir, threads: 2, parallelFrom: 0, cacheDir, outDir });
    const warm = await build({ contentDir: content.dir, cacheDir, outDir });
    expect(parallel.stats.threads).toBe(2);
    expect(cold.stats).toMatchObject({ written: 'fresh' });
    expect(warm.stats).toMatchObject({ parsed: 0, rendered: 0, written: 'update' });
    for (const result of [parallel, cold, warm]) expect(digests(result)).toEqual(digests(reference));
    expect(bytesOf(warm, 'abattage-hull.html')).toBe(bytesOf(reference, 'abattage-hull.html'));
  });

  it('takes the client bundle and the stylesheet the CLI bundle made from the same code, and makes its own for other code', async () => {
    // The run's global setup made the CLI bundle current; this process runs the sources it was made from.
    const assetSets = (cacheDir: string) => readdirSync(join(cacheDir, 'v3', 'assets')).filter((name) => name.endsWith('.json'));
    const same = temp('cache-');
    const other = temp('cache-');
    const fingerprints = { ...currentFingerprints(), assets: 'autre-code' };
    const [fromCli, made] = await Promise.all([build({ contentDir: content.dir, cacheDir: same }), build({ contentDir: content.dir, cacheDir: other, fingerprints })]);
    expect(assetSets(same)).toEqual([]);
    expect(assetSets(other).sort()).toEqual(['client-autre-code.json', expect.stringMatching(/^css-[\w-]+\.json$/)]);
    expect(digests(fromCli)).toEqual(digests(reference));
    expect(digests(made)).toEqual(digests(reference));
  });
});

describe('the cache redoes what an edit changes, and only that', () => {
  let cacheDir: string;
  let outDir: string;
  beforeAll(async () => {
    cacheDir = coldCache();
    outDir = join(temp('out-'), 'dist');
    await build({ contentDir: content.dir, cacheDir, outDir });
  });

  it('an edit to a city’s text re-parses and re-renders that city alone', async () => {
    const copy = copySite();
    const before = await build({ contentDir: copy.dir, cacheDir, outDir });
    copy.edit('cities/masson-angers.md', (t) => `${t}\nUne phrase de plus sur Masson-Angers.\n`);
    const after = await build({ contentDir: copy.dir, cacheDir, outDir });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats).toMatchObject({ parsed: 1, rendered: 1 });
    const changed = Object.keys(digests(after)).filter((p) => digests(after)[p] !== digests(before)[p]);
    expect(changed.sort()).toEqual(['abattage-masson-angers.html', 'zones/masson-angers.html']);
    // --explain and the live preview's log say why: the city's own file.
    expect(after.renderReasons).toEqual([{ path: '/abattage-masson-angers', why: expect.stringMatching(/^modifié : \S*cities\/masson-angers\.md$/) }]);
  });

  it('an edit to a city’s summary also re-renders the pages that list every city', async () => {
    const copy = copySite();
    await build({ contentDir: copy.dir, cacheDir, outDir });
    copy.edit('cities/masson-angers.md', (t) => t.replace(/^summary: "/m, 'summary: "Tout près de Gatineau. '));
    const after = await build({ contentDir: copy.dir, cacheDir, outDir });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats).toMatchObject({ parsed: 1, rendered: 3 });
    expect(after.renderReasons.map((r) => r.why.replace(/\S*cities\//, 'cities/')).sort()).toEqual(['modifié : cities/masson-angers.md', 'modifié : le résumé d’une ville', 'modifié : le résumé d’une ville']);
  });

  it('an edit to site.md’s French text re-renders every French page but re-parses only site.md while the tokens stay', async () => {
    const copy = copySite();
    const before = await build({ contentDir: copy.dir, cacheDir, outDir });
    copy.edit('site.md', (t) => `${t.trimEnd()} Une phrase ajoutée au pied de page.\n`);
    const after = await build({ contentDir: copy.dir, cacheDir, outDir });
    rmSync(copy.dir, { recursive: true, force: true });
    const french = new Set(before.routes.filter((r) => r.locale === 'fr').map((r) => r.page.template === 'city' ? r.page.city.file : r.page.template === 'service' ? r.page.service.file : r.page.template));
    expect(after.stats).toMatchObject({ parsed: 1, rendered: french.size });
    expect(new Set(after.renderReasons.map((r) => r.why))).toEqual(new Set(['modifié : content/site.md']));
    expect(bytesOf(after, 'abattage-hull.html')).toContain('Une phrase ajoutée au pied de page.');
    // The English footer has its own text (content/en/site.md): the English pages stay as they were.
    expect(bytesOf(after, 'en/tree-removal-hull.html')).toBe(bytesOf(before, 'en/tree-removal-hull.html'));
  });

  it('a new phone number in site.md re-parses every file, whose copy it fills', async () => {
    const copy = copySite();
    const before = await build({ contentDir: copy.dir, cacheDir, outDir });
    copy.edit('site.md', (t) => t.replace(/^phone: .*$/m, 'phone: "819 555-0199"'));
    const after = await build({ contentDir: copy.dir, cacheDir, outDir });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats.parsed).toBe(before.stats.files);
    expect(bytesOf(after, 'abattage-hull.html')).toContain('tel:+18195550199');
  });

  it('a change to the templates re-renders every page without parsing any file again', async () => {
    const copy = copySite();
    await build({ contentDir: copy.dir, cacheDir, outDir });
    const fingerprints = { ...currentFingerprints(), render: 'gabarits-modifies' };
    const after = await build({ contentDir: copy.dir, cacheDir, outDir, fingerprints });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats).toMatchObject({ parsed: 0, rendered: after.stats.pages });
    expect(new Set(after.renderReasons.map((r) => r.why))).toEqual(new Set([expect.stringMatching(/^code du rendu modifié \(empreinte \S+ → gabarits-modifies\)$/)]));
  });

  it('a change to the content code or a dependency re-parses every file', async () => {
    const copy = copySite();
    await build({ contentDir: copy.dir, cacheDir, outDir });
    const fingerprints = { ...currentFingerprints(), content: 'dependance-mise-a-jour' };
    const after = await build({ contentDir: copy.dir, cacheDir, outDir, fingerprints });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats.parsed).toBe(after.stats.files);
  });

  it('a change to the stylesheet renders every page again with the new sheet in it, under a new file name', async () => {
    const copy = copySite();
    const before = await build({ contentDir: copy.dir, cacheDir, outDir });
    // Read now: the next build writes the same outDir.
    const homeBefore = bytesOf(before, 'index.html');
    const stylesheet = join(temp('css-'), 'site.css');
    writeFileSync(stylesheet, `${readFileSync(STYLES_SOURCE, 'utf8')}\n.nouveau { color: red; }\n`);
    const after = await build({ contentDir: copy.dir, cacheDir, outDir, stylesheet });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats).toMatchObject({ parsed: 0, rendered: after.stats.pages });
    const css = (r: BuildResult) => [...r.outputs.keys()].find(isStylesheetPath);
    expect(css(after)).not.toBe(css(before));
    expect(bytesOf(after, 'index.html')).toContain('.nouveau{color:red}');
    expect(homeBefore).not.toContain('.nouveau');
  });

});

describe('a damaged or foreign cache, or an edited dist/, is never trusted', () => {
  const packs = (dir: string) => readdirSync(join(dir, 'v3', 'packs')).map((f) => join(dir, 'v3', 'packs', f));
  const fresh = () => ({ cacheDir: coldCache(), outDir: join(temp('out-'), 'dist') });

  it('parses again what a truncated, swapped or unreadable pack held, and gives the same site', async () => {
    const dirs = fresh();
    await build({ contentDir: content.dir, ...dirs });
    const [a, b, c] = packs(dirs.cacheDir);
    const first = readFileSync(a!);
    writeFileSync(a!, readFileSync(b!));
    writeFileSync(b!, first);
    truncateSync(c!, 10);
    // New templates: every page is rendered again, from whatever the packs still hold.
    const fingerprints = { ...currentFingerprints(), render: 'autres-gabarits' };
    const after = await build({ contentDir: content.dir, ...dirs, fingerprints });
    expect(after.stats.parsed).toBeGreaterThan(0);
    expect(bytesOf(after, 'abattage-hull.html')).toBe(bytesOf(reference, 'abattage-hull.html'));
    expect(bytesOf(after, 'services/elagage.html')).toBe(bytesOf(reference, 'services/elagage.html'));
  });

  it('writes the whole site again when a file of dist/ was edited by hand', async () => {
    const dirs = fresh();
    await build({ contentDir: content.dir, ...dirs });
    appendFileSync(join(dirs.outDir, 'abattage-hull.html'), '<!-- retouché -->');
    const after = await build({ contentDir: content.dir, ...dirs });
    expect(after.stats).toMatchObject({ written: 'fresh' });
    expect(readFileSync(join(dirs.outDir, 'abattage-hull.html'), 'utf8')).toBe(bytesOf(reference, 'abattage-hull.html'));
  });

  it('starts over from a corrupt index', async () => {
    const dirs = fresh();
    await build({ contentDir: content.dir, ...dirs });
    writeFileSync(join(dirs.cacheDir, 'v3', 'index.json'), 'pas du JSON');
    const after = await build({ contentDir: content.dir, ...dirs });
    expect(after.stats.rendered).toBe(after.stats.pages);
    expect(digests(after)).toEqual(digests(reference));
  });

  it('writes the whole site again when the record of dist/ is corrupt', async () => {
    const dirs = fresh();
    await build({ contentDir: content.dir, ...dirs });
    writeFileSync(join(dirs.cacheDir, 'v3', 'dist.json'), '{"layout":"v3","value":');
    const after = await build({ contentDir: content.dir, ...dirs });
    expect(after.stats).toMatchObject({ written: 'fresh' });
    expect(digests(after)).toEqual(digests(reference));
  });
});
