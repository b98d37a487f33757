import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, BuildEngine, type EngineOptions } from '../../src/build/engine.ts';
import { currentFingerprints } from '../../src/build/project-root.ts';
import { STYLES_SOURCE } from '../../src/build/styles.ts';
import { copyContent } from '../helpers/content-copy.ts';

const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
const NOW = new Date('2026-11-23T12:00:00Z');

async function build(options: Partial<EngineOptions> & { contentDir: string }): Promise<BuildResult> {
  const engine = new BuildEngine({ now: NOW, threads: 1, cacheDir: null, ...options });
  try {
    return await engine.build();
  } finally {
    await engine.close();
  }
}

/** Every output path with the digest of its bytes: two builds are the same site when these are equal. */
const digests = (result: BuildResult) => Object.fromEntries([...result.outputs].map(([path, o]) => [path, o.hash]));
const bytesOf = (result: BuildResult, path: string) => {
  const output = result.outputs.get(path)!;
  return new TextDecoder().decode(output.bytes ?? readFileSync(output.stored!.file));
};

let content: ReturnType<typeof copyContent>;
let reference: BuildResult;

beforeAll(async () => {
  content = copyContent();
  reference = await build({ contentDir: content.dir });
});
afterAll(() => rmSync(content.dir, { recursive: true, force: true }));

describe('the build engine gives the same site however it runs', () => {
  it('builds byte-identical files in one thread, on worker threads, with a cold cache and with a warm one', async () => {
    const cacheDir = temp('cache-');
    const parallel = await build({ contentDir: content.dir, threads: 2, parallelFrom: 0 });
    const cold = await build({ contentDir: content.dir, threads: 2, parallelFrom: 0, cacheDir });
    const warm = await build({ contentDir: content.dir, cacheDir });
    expect(parallel.stats.threads).toBe(2);
    expect(warm.stats).toMatchObject({ parsed: 0, rendered: 0 });
    for (const result of [parallel, cold, warm]) expect(digests(result)).toEqual(digests(reference));
    expect(bytesOf(warm, 'abattage-hull.html')).toBe(bytesOf(reference, 'abattage-hull.html'));
  });
});

describe('the cache redoes what an edit changes, and only that', () => {
  let cacheDir: string;
  beforeAll(async () => {
    cacheDir = temp('cache-');
    await build({ contentDir: content.dir, cacheDir });
  });

  it('an edit to a city’s text re-parses and re-renders that city alone', async () => {
    const copy = copyContent();
    const before = await build({ contentDir: copy.dir, cacheDir });
    copy.edit('cities/masson-angers.md', (t) => `${t}\nUne phrase de plus sur Masson-Angers.\n`);
    const after = await build({ contentDir: copy.dir, cacheDir });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats).toMatchObject({ parsed: 1, rendered: 1 });
    const changed = Object.keys(digests(after)).filter((p) => digests(after)[p] !== digests(before)[p]);
    expect(changed.sort()).toEqual(['abattage-masson-angers.html', 'zones/masson-angers.html']);
  });

  it('an edit to a city’s summary also re-renders the pages that list every city', async () => {
    const copy = copyContent();
    await build({ contentDir: copy.dir, cacheDir });
    copy.edit('cities/masson-angers.md', (t) => t.replace(/^summary: "/m, 'summary: "Tout près de Gatineau. '));
    const after = await build({ contentDir: copy.dir, cacheDir });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats).toMatchObject({ parsed: 1, rendered: 3 });
  });

  it('an edit to site.md re-renders every page but re-parses only site.md while the tokens stay', async () => {
    const copy = copyContent();
    const before = await build({ contentDir: copy.dir, cacheDir });
    copy.edit('site.md', (t) => `${t.trimEnd()} Une phrase ajoutée au pied de page.\n`);
    const after = await build({ contentDir: copy.dir, cacheDir });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats).toMatchObject({ parsed: 1, rendered: before.stats.pages });
    expect(bytesOf(after, 'abattage-hull.html')).toContain('Une phrase ajoutée au pied de page.');
  });

  it('a new phone number in site.md re-parses every file, whose copy it fills', async () => {
    const copy = copyContent();
    const before = await build({ contentDir: copy.dir, cacheDir });
    copy.edit('site.md', (t) => t.replace(/^phone: .*$/m, 'phone: "819 555-0199"'));
    const after = await build({ contentDir: copy.dir, cacheDir });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats.parsed).toBe(before.stats.files);
    expect(bytesOf(after, 'abattage-hull.html')).toContain('tel:+18195550199');
  });

  it('a change to the templates re-renders every page without parsing any file again', async () => {
    const copy = copyContent();
    await build({ contentDir: copy.dir, cacheDir });
    const fingerprints = { ...currentFingerprints(), render: 'gabarits-modifies' };
    const after = await build({ contentDir: copy.dir, cacheDir, fingerprints });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats).toMatchObject({ parsed: 0, rendered: after.stats.pages });
  });

  it('a change to the content code or a dependency re-parses every file', async () => {
    const copy = copyContent();
    await build({ contentDir: copy.dir, cacheDir });
    const fingerprints = { ...currentFingerprints(), content: 'dependance-mise-a-jour' };
    const after = await build({ contentDir: copy.dir, cacheDir, fingerprints });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats.parsed).toBe(after.stats.files);
  });

  it('a change to the stylesheet gives every page the new stylesheet’s address', async () => {
    const copy = copyContent();
    const before = await build({ contentDir: copy.dir, cacheDir });
    const stylesheet = join(temp('css-'), 'site.css');
    writeFileSync(stylesheet, `${readFileSync(STYLES_SOURCE, 'utf8')}\n.nouveau { color: red; }\n`);
    const after = await build({ contentDir: copy.dir, cacheDir, stylesheet });
    rmSync(copy.dir, { recursive: true, force: true });
    expect(after.stats).toMatchObject({ parsed: 0, rendered: after.stats.pages });
    const css = (r: BuildResult) => [...r.outputs.keys()].find((p) => /^assets\/site-.*\.css$/.test(p));
    expect(css(after)).not.toBe(css(before));
    expect(bytesOf(after, 'index.html')).toContain(`href="/${css(after)}"`);
  });

});

describe('a damaged or foreign cache is never trusted', () => {
  const files = (dir: string, sub: string) => readdirSync(join(dir, 'v1', sub)).map((f) => join(dir, 'v1', sub, f));

  it('rebuilds what a truncated, altered, misnamed or unreadable cache file held, and gives the same site', async () => {
    const cacheDir = temp('cache-');
    await build({ contentDir: content.dir, cacheDir });
    const pages = files(cacheDir, 'html');
    const parsed = files(cacheDir, 'parsed');
    truncateSync(pages[0]!, 10);
    writeFileSync(pages[1]!, readFileSync(pages[1]!, 'utf8').replace('<main', '<main data-altere="oui"'));
    copyFileSync(parsed[1]!, parsed[0]!);
    writeFileSync(parsed[2]!, '{"key":');
    const after = await build({ contentDir: content.dir, cacheDir });
    expect(after.stats.rendered).toBeGreaterThanOrEqual(2);
    expect(digests(after)).toEqual(digests(reference));
    for (const path of after.outputs.keys()) if (path.endsWith('.html')) expect(bytesOf(after, path)).not.toContain('data-altere');
  });

  it('starts over from a corrupt index', async () => {
    const cacheDir = temp('cache-');
    await build({ contentDir: content.dir, cacheDir });
    writeFileSync(join(cacheDir, 'v1', 'index.json'), 'pas du JSON');
    const after = await build({ contentDir: content.dir, cacheDir });
    expect(digests(after)).toEqual(digests(reference));
  });
});
