/**
 * The web editor as an editor uses it: `npm run cms` (decap-server, the local backend, beside the
 * live preview) on a temporary git copy of content/, driven in real Chromium.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CmsSession, startCmsSession } from '../../src/cli/cms-session.ts';
import { holdDecapPort } from '../helpers/decap-port.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { testChromium } from '../helpers/chromium.ts';
import { SITE_DIR } from '../helpers/fixture-site.ts';

let work: string;
let session: CmsSession;
let releasePort: (() => void) | undefined;
let browser: Browser;
let context: BrowserContext;

const git = (...args: string[]) => execFileSync('git', args, { cwd: work, encoding: 'utf8' });
const hull = () => readFileSync(join(work, 'content/cities/hull.md'), 'utf8');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'editeur-'));
  cpSync(SITE_DIR, join(work, 'content'), { recursive: true });
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'contenu');
  releasePort = await holdDecapPort();
  session = await startCmsSession({ contentDir: join(work, 'content'), port: 0, leadsFile: join(work, 'leads.jsonl'), cacheDir: warmCache(), log: () => {} });
  browser = await testChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await bootEditor();
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
  releasePort?.();
  rmSync(work, { recursive: true, force: true });
});

/**
 * The editor, booted once and signed in to the local backend: each test moves it to its address
 * as a link inside it would. Booting Decap (a 3.6 MB bundle) for each test made this file cost
 * 50 CPU-s; booted once, 31.
 */
let editorPage: Page;

async function bootEditor(): Promise<void> {
  editorPage = await context.newPage();
  // Decap asks before leaving an entry with unsaved changes (a test that was refused a save leaves
  // one): yes, as the editor moving on would. It offers the local copy of such an entry when it
  // is opened again: no, each test starts from the file decap-server reads.
  editorPage.on('dialog', (dialog) => void (dialog.message().includes('quitter cette page') ? dialog.accept() : dialog.dismiss()));
  await editorPage.goto(`${session.url}/admin#/`);
  const login = editorPage.getByRole('button', { name: 'Se connecter' });
  const signedIn = editorPage.getByRole('link', { name: 'Contenus' });
  await login.or(signedIn).first().waitFor();
  if (await login.isVisible()) await login.click();
  await signedIn.waitFor();
}

/** The editor at `hash`, through its collections' list: an entry opened again is read again from its file. */
async function editor(hash: string): Promise<Page> {
  const page = editorPage;
  await page.evaluate(() => (location.hash = '/collections/cities'));
  await page.getByText('Val-des-Monts').waitFor();
  await page.evaluate((to) => (location.hash = to), hash);
  return page;
}

/** The entries the editor asks decap-server to write, as the browser sends them. */
function persistRequests(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.postData()?.includes('persistEntry')) writes.push(r.postData()!.slice(0, 120));
  });
  return writes;
}

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publier', exact: true }).click();
  await page.getByText('Publier maintenant', { exact: true }).click();
}

describe('the web editor on the local backend (npm run cms)', () => {
  it('lists the site’s collections and every city of content/cities', async () => {
    const page = await editor('/collections/cities');
    await page.getByText('Val-des-Monts').waitFor();
    const body = await page.textContent('body');
    for (const label of ['Entreprise', 'Pages', 'Services', 'Villes']) expect(body).toContain(label);
    for (const name of ['Aylmer', 'Hull', 'L’Ange-Gardien', 'Ottawa', 'Val-des-Monts']) expect(body).toContain(name);
  });

  it('saves an edited summary as a one-line diff, and the open page shows it', async () => {
    const zones = await context.newPage();
    await zones.goto(`${session.url}/zones-desservies`);
    const page = await editor('/collections/cities/entries/hull');
    const summary = page.getByLabel('Résumé', { exact: true });
    await summary.fill('Hull, ses érables et ses ruelles : un résumé écrit dans l’éditeur.');
    await publish(page);
    await expect.poll(() => hull(), { timeout: 15_000 }).toContain('un résumé écrit dans l’éditeur');
    expect(git('diff', '--numstat')).toBe('1\t1\tcontent/cities/hull.md\n');
    expect(git('diff', '-U0').split('\n').filter((l) => /^[-+][^-+]/.test(l))).toEqual([
      expect.stringMatching(/^-summary: "Au cœur historique/),
      '+summary: "Hull, ses érables et ses ruelles : un résumé écrit dans l’éditeur."',
    ]);
    await zones.waitForFunction(() => document.body.textContent!.includes('un résumé écrit dans l’éditeur'), undefined, { timeout: 15_000 });
    await zones.close();
  });

  it('refuses to save a required field left empty', async () => {
    const before = hull();
    const page = await editor('/collections/cities/entries/hull');
    const writes = persistRequests(page);
    await page.getByLabel('Sous-titre du bandeau', { exact: true }).fill('');
    await publish(page);
    await page.getByText('Le champ Sous-titre du bandeau est requis.').waitFor();
    // The refusal is shown instead of the save: no write ever left for decap-server.
    expect(writes).toEqual([]);
    expect(hull()).toBe(before);
  });

  it('refuses to save a sixth FAQ entry', async () => {
    const before = hull();
    const page = await editor('/collections/cities/entries/hull');
    const writes = persistRequests(page);
    await page.getByRole('button', { name: /Ajouter questions fréquentes/i }).click();
    await publish(page);
    await page.getByText('Questions fréquentes doit avoir exactement 5 éléments(s).').first().waitFor();
    expect(writes).toEqual([]);
    expect(hull()).toBe(before);
  });

  it('previews the entry in a pane that wears the site’s stylesheet', async () => {
    const page = await editor('/collections/cities/entries/hull');
    const frame = page.frameLocator('iframe').first();
    await frame.getByText('Hull').first().waitFor();
    const sheets = await frame.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).getAttribute('href')));
    expect(sheets).toContainEqual(expect.stringMatching(/^\/assets\/site-[\w-]+\.css$/));
  });

  it('previews the city page with the site’s own templates and styles, following each keystroke', async () => {
    const site = await context.newPage();
    await site.goto(`${session.url}/abattage-hull`);
    const heroStyle = (el: Element) => ({ image: getComputedStyle(el).backgroundImage, color: getComputedStyle(el).color });
    const built = await site.locator('section.hero').evaluate(heroStyle);
    const page = await editor('/collections/cities/entries/hull');
    const frame = page.frameLocator('iframe').first();
    const subtitle = frame.locator('section.hero .hero-subtitle');
    await subtitle.waitFor();
    // The header, the footer and the city's own sections, as the site renders them.
    for (const selector of ['nav.main-nav', 'footer', 'section[aria-labelledby="services-titre"] .card-grid', '#faq-titre']) {
      await frame.locator(selector).first().waitFor({ state: 'attached' });
    }
    expect(await frame.locator('section.hero').evaluate(heroStyle)).toEqual(built);
    expect(built.image).toContain('linear-gradient');

    await page.getByLabel('Sous-titre du bandeau', { exact: true }).fill('Appelez le {phone} pour un abattage sans souci');
    // Tokens filled and French spacing applied by the build's own content code.
    await expect.poll(() => subtitle.textContent()).toBe('Appelez le 819 555-0142 pour un abattage sans souci');
    // What the build would refuse is said in the pane, in the build's words, instead of a page.
    await page.getByLabel('Sous-titre du bandeau', { exact: true }).fill(' ');
    await frame.getByText('L’aperçu attend une correction').waitFor();
    await frame.getByText(/heroSubtitle : texte requis/).waitFor();
    await site.close();
  });

  it('previews a new city under the slug its save will give it, listing what is still missing', async () => {
    const page = await editor('/collections/cities/new');
    await page.getByLabel('Nom', { exact: true }).fill('Saint-André-Avellin');
    const frame = page.frameLocator('iframe').first();
    await frame.getByText('L’aperçu attend une correction').waitFor();
    const problems = await frame.locator('li').allTextContents();
    expect(problems).toContainEqual(expect.stringMatching(/^heroSubtitle : /));
    expect(problems.filter((p) => p.startsWith('slug'))).toEqual([]);
  });

  it('uploads a photo where the image pipeline reads it, asks for its description, and the site builds with it', async () => {
    const photo = join(work, 'erable-televerse.jpg');
    writeFileSync(photo, await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#3a6b35' } }).jpeg().toBuffer());
    const page = await editor('/collections/cities/entries/hull');
    // The photo block's expand button, beside its heading.
    await page.locator('xpath=//button[@data-testid="expand-button"][normalize-space(..)="Photo"]').click();
    await page.getByRole('button', { name: 'Choisir une image' }).click();
    await page.locator('input[type="file"]').setInputFiles(photo);
    await page.getByRole('button', { name: 'Choisir les éléments sélectionnés' }).click();
    await publish(page);
    // No description yet: the build would refuse the photo, so the editor does not save it.
    await page.getByText('Décrivez la photo pour qui ne la voit pas', { exact: false }).first().waitFor();
    expect(hull()).not.toContain('erable-televerse');
    await page.getByLabel(/^Texte de remplacement/).fill('Un érable vert sur fond uni');
    await publish(page);
    // The path is relative to content/cities/hull.md, as the image pipeline reads it.
    await expect.poll(() => hull(), { timeout: 15_000 }).toContain('photo:\n  src: "../images/erable-televerse.jpg"\n  alt: "Un érable vert sur fond uni"\n');
    // Written by decap-server just after the entry.
    await expect.poll(() => existsSync(join(work, 'content/images/erable-televerse.jpg'))).toBe(true);
    // The live preview rebuilt with it: the city's page shows the photo, encoded from content/images/.
    const site = await context.newPage();
    await expect.poll(async () => (await site.goto(`${session.url}/abattage-hull`)) && site.locator('.hero picture img.photo-image').count(), { timeout: 15_000 }).toBe(1);
    const src = await site.locator('.hero picture img.photo-image').getAttribute('src');
    expect((await site.request.get(`${session.url}${src}`)).headers()['content-type']).toBe('image/webp');
    await site.close();
  });
});
