import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Engine, launchEngine, selectedEngines, waitFor } from '../helpers/engines/index.ts';
import { openPreviewEnginePage, openPreviewPage, pageState } from '../helpers/preview-page.ts';
import { STYLES_SOURCE } from '../../src/engine/index.ts';
import { newCityFile } from '../../src/content/new-city.ts';
import { newEnglishCityFile } from '../../src/content/new-city-en.ts';
import { startDevServer } from '../../src/dev/dev-server.ts';
import sharp from 'sharp';
import { TEST_PHOTOS } from '../../tools/lib/photo-content.ts';
import { watchConsole } from '../../tools/lib/browser-site.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { testChromium } from '../helpers/chromium.ts';
import { copySite } from '../helpers/fixture-site.ts';

let copy: ReturnType<typeof copySite>;
let stylesheet: string;
let dev: Awaited<ReturnType<typeof startDevServer>>;
let browser: Browser;
/** What the preview printed: after each save, what it rebuilt and why. */
const logs: string[] = [];

beforeAll(async () => {
  copy = copySite();
  const work = mkdtempSync(join(tmpdir(), 'apercu-'));
  stylesheet = join(work, 'site.css');
  copyFileSync(STYLES_SOURCE, stylesheet);
  dev = await startDevServer({ contentDir: copy.dir, port: 0, host: '127.0.0.1', leadsFile: join(work, 'leads.jsonl'), cacheDir: warmCache(), stylesheet, log: (line: string) => void logs.push(line) });
  browser = await testChromium();
});
afterAll(async () => {
  await browser.close();
  await dev.close();
  rmSync(copy.dir, { recursive: true, force: true });
});

const open = (path: string) => openPreviewPage(browser, `${dev.url}${path}`);

// The preview's patch is the part that talks to the browser the most (events, morphing the DOM):
// it runs in WebKit too (Safari once upgraded the preview's http to https), the rest in Chromium.
// Firefox passed it too when tried; a third browser launched for one test costs npm test more
// time than it adds.
describe.each(selectedEngines(['chromium', 'webkit']))('npm run dev in %s', (name) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await launchEngine(name);
  });
  afterAll(() => engine?.close());

  it('patches an edited city text into the page, without navigating: scroll and script state stay', async () => {
    const page = await openPreviewEnginePage(engine, `${dev.url}/abattage-hull`);
    const words = `les arbres ont eu, vus dans ${name}, le temps de grandir`;
    copy.edit('cities/hull.md', (t) => t.replace(/les arbres ont eu.*?le temps de grandir/, words));
    await waitFor(page, (text) => document.body.textContent!.includes(text), true, words);
    expect(await pageState(page)).toEqual(['intact', 600]);
    expect(page.problems() ?? []).toEqual([]);
    await page.close();
  });
});

describe('npm run dev: every save shows in the open page', () => {
  it('re-mounts an island whose props changed, in place, and leaves the others alone', async () => {
    const page = await open('/abattage-hull');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.locator('.faq > details > summary').first().click();
    await page.locator('.faq[data-hydrated]').waitFor();
    // The small-screen menu, woken and open: its state must outlive the FAQ's new props.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('[data-island="mobile-menu"] summary').click();
    await page.locator('[data-island="mobile-menu"] details[data-state="open"]').waitFor();
    copy.edit('cities/hull.md', (t) => t.replace('Peut-on abattre un gros érable dans une cour étroite du Vieux-Hull?', 'Peut-on abattre un très gros érable dans une cour étroite?'));
    await page.waitForFunction(() => document.querySelector('.faq summary')?.textContent?.includes('très gros érable'), null, { timeout: 30_000 });
    expect(await pageState(page)).toEqual(['intact', 0]);
    expect(await page.locator('[data-island="mobile-menu"] details[data-state="open"]').count()).toBe(1);
    // The log says which file made the page change, as `npm run build -- --explain` does.
    await expect.poll(() => logs.join('\n')).toMatch(/1 page — modifié : \S*cities\/hull\.md : \/abattage-hull/);
    // The new FAQ is the server's, closed, and wakes at the first touch like the first one did.
    expect(await page.locator('.faq[data-hydrated]').count()).toBe(0);
    await page.locator('.faq > details > summary').nth(1).click();
    await page.locator('.faq[data-hydrated] > details[data-state="open"]').waitFor({ timeout: 30_000 });
    await page.close();
  });

  it('applies a stylesheet edit without reloading the page', async () => {
    const page = await open('/abattage-aylmer');
    writeFileSync(stylesheet, `${readFileSync(stylesheet, 'utf8')}\nbody { background-color: rgb(1, 2, 3); }\n`);
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(1, 2, 3)', null, { timeout: 30_000 });
    expect(await pageState(page)).toEqual(['intact', 600]);
    await page.close();
  });

  it('shows broken front-matter on the page with its file and line over the last good page, and clears it once fixed', async () => {
    const page = await open('/abattage-chelsea');
    copy.edit('cities/chelsea.md', (t) => t.replace(/^featured: true$/m, 'featured: "oui"'));
    const overlay = page.locator('#dev-overlay[role="alertdialog"]');
    await overlay.waitFor({ timeout: 30_000 });
    const line = readFileSync(join(copy.dir, 'cities/chelsea.md'), 'utf8').split('\n').findIndex((l) => l.startsWith('featured:')) + 1;
    expect(await overlay.textContent()).toMatch(new RegExp(`cities/chelsea\\.md:${line}:11 › featured : true ou false attendu, sans guillemets \\(reçu : texte`));
    await expect.poll(() => page.locator('main h1').isVisible()).toBe(true);
    copy.edit('cities/chelsea.md', (t) => t.replace(/^featured: "oui"$/m, 'featured: true').replace(/^heroSubtitle: "/m, 'heroSubtitle: "Corrigé : '));
    await overlay.waitFor({ state: 'detached', timeout: 30_000 });
    await page.waitForFunction(() => document.body.textContent?.includes('Corrigé'), null, { timeout: 30_000 });
    expect(await pageState(page)).toEqual(['intact', 600]);
    await page.close();
  });

  it('names the content file, line and column of a broken link in the overlay, and clears it once fixed', async () => {
    const page = await open('/abattage-gatineau');
    copy.edit('cities/gatineau.md', (t) => t.replace(/\n---\n/, '\n---\nVoyez [nos tarifs](/tarifs).\n\n'));
    const overlay = page.locator('#dev-overlay[role="alertdialog"]');
    await overlay.waitFor({ timeout: 30_000 });
    const line = readFileSync(join(copy.dir, 'cities/gatineau.md'), 'utf8').split('\n').indexOf('Voyez [nos tarifs](/tarifs).') + 1;
    expect(await overlay.textContent()).toMatch(new RegExp(`cities/gatineau\\.md:${line}:20 › lien « /tarifs » sur la page /abattage-gatineau : aucune page à cette adresse`));
    copy.edit('cities/gatineau.md', (t) => t.replace('(/tarifs)', '(/contact)'));
    await overlay.waitFor({ state: 'detached', timeout: 30_000 });
    await page.close();
  });

  it('shows a phone photo dropped into content/images/ and named in hull.md, encoded on its first request, without GPS; a replaced photo shows on save', async () => {
    const page = await open('/abattage-hull');
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 390, height: 800 });
    mkdirSync(join(copy.dir, 'images'), { recursive: true });
    copyFileSync(join(TEST_PHOTOS, 'erable-hull.jpg'), join(copy.dir, 'images/erable-hull.jpg'));
    const saved = performance.now();
    copy.edit('cities/hull.md', (t) => `${t.trimEnd()}\n\n![Un érable élagué dans une cour du Vieux-Hull](../images/erable-hull.jpg)\n`);
    const photo = page.locator('.photo-body img.photo-image');
    await photo.scrollIntoViewIfNeeded({ timeout: 30_000 });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    console.log(`photo affichée ${Math.round(performance.now() - saved)} ms après l’enregistrement`);
    const shown = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(shown).toMatch(/\/photos\/erable-hull-[0-9a-f]{16}-\d+\.avif$/);
    const meta = await sharp(Buffer.from(await (await fetch(shown)).arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    writeFileSync(join(copy.dir, 'images/erable-hull.jpg'), readFileSync(join(TEST_PHOTOS, 'etroite.jpg')));
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc), { timeout: 30_000 }).not.toBe(shown);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('serves a new city, written in both languages, at its four addresses, and answers 404 once it is deleted', async () => {
    const status = (path: string) => fetch(`${dev.url}${path}`).then((r) => r.status);
    const place = { order: 99, geo: { lat: 45.6, lng: -75.5 } };
    copy.write('en/cities/saint-sixte.md', newEnglishCityFile('Saint-Sixte', place));
    copy.write('cities/saint-sixte.md', newCityFile('Saint-Sixte', place));
    await expect.poll(() => status('/abattage-saint-sixte'), { timeout: 30_000 }).toBe(200);
    for (const path of ['/zones/saint-sixte', '/en/tree-removal-saint-sixte', '/en/service-areas/saint-sixte']) expect(await status(path), path).toBe(200);
    rmSync(join(copy.dir, 'cities/saint-sixte.md'));
    rmSync(join(copy.dir, 'en/cities/saint-sixte.md'));
    await expect.poll(() => status('/abattage-saint-sixte'), { timeout: 30_000 }).toBe(404);
    for (const path of ['/zones/saint-sixte', '/en/tree-removal-saint-sixte']) expect(await status(path), path).toBe(404);
  });
});
