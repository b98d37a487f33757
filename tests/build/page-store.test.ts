import { cpSync, readdirSync, readFileSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, type EngineOptions, digest, PageStore, currentFingerprints } from '../../src/engine/index.ts';
import { outputFile } from '../../src/site/paths.ts';
import { build, coldCache, digests, temp } from '../helpers/engine-build.ts';
import { copySite } from '../helpers/fixture-site.ts';

const fresh = () => ({ cacheDir: coldCache(), outDir: join(temp('out-'), 'dist') });
const storeDir = (cacheDir: string) => join(cacheDir, 'v3', 'pages');
const storedFile = (cacheDir: string, built: BuildResult, path: string) => join(storeDir(cacheDir), built.outputs.get(path)!.hash);

/** Every file under `dir` with the digest of the bytes it holds on disk. */
function digestsOnDisk(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(files.map((e) => [relative(dir, join(e.parentPath, e.name)), digest(readFileSync(join(e.parentPath, e.name)))]));
}

/**
 * A cache whose stored pages carry their stamps, as a CI runner restores it: built, its pages
 * dated an hour back (a build stamps only pages written well before it hashed them), then
 * checked whole by a build without dist/, which stamps them. dist/ is left as that build wrote it.
 */
async function stampedCache(contentDir: string, dirs: ReturnType<typeof fresh>): Promise<BuildResult> {
  await build({ contentDir, ...dirs });
  const anHourAgo = Date.now() / 1000 - 3600;
  for (const name of readdirSync(storeDir(dirs.cacheDir))) utimesSync(join(storeDir(dirs.cacheDir), name), anHourAgo, anHourAgo);
  rmSync(dirs.outDir, { recursive: true });
  const built = await build({ contentDir, ...dirs });
  const { stamps } = JSON.parse(readFileSync(join(dirs.cacheDir, 'v3', 'index.json'), 'utf8')).value as { stamps: Record<string, string> };
  expect(Object.keys(stamps).sort()).toEqual(readdirSync(storeDir(dirs.cacheDir)).sort());
  return built;
}

/** What dist/ holds is, byte for byte, what a build without any cache makes of the same content. */
async function expectCleanBuildOf(contentDir: string, outDir: string): Promise<void> {
  const clean = await build({ contentDir });
  expect(digestsOnDisk(outDir)).toEqual(digests(clean));
}

let content: ReturnType<typeof copySite>;
beforeAll(() => {
  content = copySite();
});
afterAll(() => rmSync(content.dir, { recursive: true, force: true }));

describe('with the cache restored but no dist/ (a CI runner), pages come from the page store', () => {
  it('renders only the edited city, from a cache copied elsewhere (new inodes and times), and writes the same site as a clean build', async () => {
    const copy = copySite();
    const dirs = fresh();
    await build({ contentDir: copy.dir, ...dirs, threads: 2, parallelFrom: 0 });
    const restored = temp('restored-cache-');
    cpSync(dirs.cacheDir, restored, { recursive: true });
    rmSync(dirs.outDir, { recursive: true });
    copy.edit('cities/masson-angers.md', (t) => `${t}\nUne phrase de plus sur Masson-Angers.\n`);
    const after = await build({ contentDir: copy.dir, cacheDir: restored, outDir: dirs.outDir });
    expect(after.stats).toMatchObject({ parsed: 1, rendered: 1, written: 'fresh' });
    await expectCleanBuildOf(copy.dir, dirs.outDir);
    rmSync(copy.dir, { recursive: true, force: true });
  });

  it('renders the pages that list every city too when the edited city’s summary changed', async () => {
    const copy = copySite();
    const dirs = fresh();
    await build({ contentDir: copy.dir, ...dirs });
    rmSync(dirs.outDir, { recursive: true });
    copy.edit('cities/masson-angers.md', (t) => t.replace(/^summary: "/m, 'summary: "Tout près de Gatineau. '));
    const after = await build({ contentDir: copy.dir, ...dirs });
    expect(after.stats).toMatchObject({ parsed: 1, rendered: 3, written: 'fresh' });
    await expectCleanBuildOf(copy.dir, dirs.outDir);
    rmSync(copy.dir, { recursive: true, force: true });
  });

  it('gives a live preview started after a build its pages from the store, with no dist/ at all', async () => {
    const dirs = fresh();
    const first = await build({ contentDir: content.dir, ...dirs });
    const again = await build({ contentDir: content.dir, cacheDir: dirs.cacheDir });
    expect(again.stats).toMatchObject({ parsed: 0, rendered: 0 });
    expect([...again.outputs].filter(([, o]) => !o.onRequest).every(([, o]) => o.bytes && digest(o.bytes) === o.hash)).toBe(true);
    expect(digests(again)).toEqual(digests(first));
  });

  it('starts threads only when every page must be rendered: other templates or an edit to site.md, not one city', async () => {
    const copy = copySite();
    const dirs = fresh();
    const threaded = { ...dirs, threads: 2, parallelFrom: 20 };
    await build({ contentDir: copy.dir, ...dirs });
    const rebuild = async (change: () => void, options: Partial<EngineOptions> = {}) => {
      rmSync(dirs.outDir, { recursive: true });
      change();
      return (await build({ contentDir: copy.dir, ...threaded, ...options })).stats;
    };
    expect(await rebuild(() => copy.edit('cities/hull.md', (t) => `${t}\nUne phrase.\n`))).toMatchObject({ rendered: 1, threads: 1 });
    expect(await rebuild(() => copy.edit('site.md', (t) => `${t.trimEnd()} Une phrase.\n`))).toMatchObject({ threads: 2 });
    const other = await rebuild(() => undefined, { fingerprints: { ...currentFingerprints(), render: 'autres-gabarits' } });
    expect(other).toMatchObject({ rendered: other.pages, threads: 2 });
    rmSync(copy.dir, { recursive: true, force: true });
  });

  it('keeps in the store the pages of the last build and nothing older', async () => {
    const copy = copySite();
    const dirs = fresh();
    const before = await build({ contentDir: copy.dir, ...dirs });
    copy.edit('cities/hull.md', (t) => `${t}\nUne phrase de plus sur Hull.\n`);
    const after = await build({ contentDir: copy.dir, ...dirs });
    const pageHashes = new Set(after.routes.map((r) => after.outputs.get(outputFile(r.path))!.hash));
    expect(readdirSync(storeDir(dirs.cacheDir)).sort()).toEqual([...pageHashes].sort());
    expect(pageHashes.has(before.outputs.get('abattage-hull.html')!.hash)).toBe(false);
    rmSync(copy.dir, { recursive: true, force: true });
  });
});

describe('a stored page is trusted only when its bytes have its digest, or when it still has the size and time it had when they did', () => {
  it.each([
    ['in the build’s own thread', { threads: 1 }],
    ['on a thread of their own while the content is read', { threads: 2, parallelFrom: 0 }],
  ])('renders again a stored page truncated, edited or swapped with another, checked %s, and writes the same site as a clean build', async (_, threads) => {
    const dirs = fresh();
    const before = await stampedCache(content.dir, dirs);
    rmSync(dirs.outDir, { recursive: true });
    truncateSync(storedFile(dirs.cacheDir, before, 'abattage-hull.html'), 100);
    writeFileSync(storedFile(dirs.cacheDir, before, 'a-propos.html'), readFileSync(storedFile(dirs.cacheDir, before, 'a-propos.html'), 'utf8').replace('</body>', '<script src="//ailleurs.example/x.js"></script></body>'));
    const index = storedFile(dirs.cacheDir, before, 'index.html');
    const contact = storedFile(dirs.cacheDir, before, 'contact.html');
    const indexBytes = readFileSync(index);
    writeFileSync(index, readFileSync(contact));
    writeFileSync(contact, indexBytes);
    const after = await build({ contentDir: content.dir, ...dirs, ...threads });
    expect(after.stats).toMatchObject({ parsed: 0, rendered: 4, written: 'fresh' });
    await expectCleanBuildOf(content.dir, dirs.outDir);
    // The damaged files were replaced: the next runner finds every page whole.
    rmSync(dirs.outDir, { recursive: true });
    expect((await build({ contentDir: content.dir, ...dirs, ...threads })).stats).toMatchObject({ rendered: 0 });
  });

  it('takes a page unchanged since a build found it whole by its size and time, and reads again one edited in place through dist/ to the same size', async () => {
    const dirs = fresh();
    const before = await stampedCache(content.dir, dirs);
    // The editor of a deploy step writes into dist/'s file, the stored page's own inode: same size, new time.
    const page = join(dirs.outDir, 'a-propos.html');
    const text = readFileSync(page, 'utf8');
    writeFileSync(page, text.replace('</body>', '</BODY>'));
    expect(readFileSync(storedFile(dirs.cacheDir, before, 'a-propos.html')).length).toBe(Buffer.byteLength(text));
    rmSync(dirs.outDir, { recursive: true });
    const after = await build({ contentDir: content.dir, ...dirs, threads: 2, parallelFrom: 0 });
    expect(after.stats).toMatchObject({ parsed: 0, rendered: 1, written: 'fresh' });
    await expectCleanBuildOf(content.dir, dirs.outDir);
  });

  it('never reads nor removes a file outside the store that a damaged index names as a page', () => {
    const dir = temp('pages-');
    const victim = join(temp('ailleurs-'), 'important.txt');
    writeFileSync(victim, 'à garder');
    const store = new PageStore(join(dir, 'pages'));
    expect(store.verified(relative(store.dir, victim))).toBeUndefined();
    expect(readFileSync(victim, 'utf8')).toBe('à garder');
  });

  it('does not use the pages of a cache made by other templates', async () => {
    const dirs = fresh();
    await build({ contentDir: content.dir, ...dirs, fingerprints: { ...currentFingerprints(), render: 'autres-gabarits' } });
    rmSync(dirs.outDir, { recursive: true });
    const after = await build({ contentDir: content.dir, ...dirs });
    expect(after.stats).toMatchObject({ parsed: 0, rendered: after.stats.pages });
    await expectCleanBuildOf(content.dir, dirs.outDir);
  });
});
