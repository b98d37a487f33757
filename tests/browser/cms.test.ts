/**
 * The web editor as an editor uses it: `npm run cms` (decap-server, the local backend, beside the
 * live preview) on a temporary git copy of content/, driven in real Chromium.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CmsSession, startCmsSession } from '../../src/cli/cms-session.ts';
import { launchChromium } from '../../tools/lib/chromium.ts';
import { CONTENT_DIR } from '../../tools/lib/content-copy.ts';

let work: string;
let session: CmsSession;
let browser: Browser;
let context: BrowserContext;

const git = (...args: string[]) => execFileSync('git', args, { cwd: work, encoding: 'utf8' });
const hull = () => readFileSync(join(work, 'content/cities/hull.md'), 'utf8');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'editeur-'));
  cpSync(CONTENT_DIR, join(work, 'content'), { recursive: true });
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'contenu');
  session = await startCmsSession({ contentDir: join(work, 'content'), port: 0, leadsFile: join(work, 'leads.jsonl'), cacheDir: null, log: () => {} });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await session?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The editor at `hash`, signed in to the local backend. */
async function editor(hash: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${session.url}/admin#${hash}`);
  const login = page.getByRole('button', { name: 'Se connecter' });
  // The collections' top bar, or an entry's editor.
  const signedIn = page.getByRole('link', { name: 'Contenus' }).or(page.getByText('Écriture dans la collection'));
  await login.or(signedIn).first().waitFor();
  if (await login.isVisible()) await login.click();
  await signedIn.waitFor();
  return page;
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
    await page.close();
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
    await Promise.all([page.close(), zones.close()]);
  });

  it('refuses to save a required field left empty', async () => {
    const before = hull();
    const page = await editor('/collections/cities/entries/hull');
    await page.getByLabel('Sous-titre du bandeau', { exact: true }).fill('');
    await publish(page);
    await page.getByText('Le champ Sous-titre du bandeau est requis.').waitFor();
    await page.waitForTimeout(1000);
    expect(hull()).toBe(before);
    await page.close();
  });

  it('refuses to save a sixth FAQ entry', async () => {
    const before = hull();
    const page = await editor('/collections/cities/entries/hull');
    await page.getByRole('button', { name: /Ajouter questions fréquentes/i }).click();
    await publish(page);
    await page.getByText('Questions fréquentes doit avoir exactement 5 éléments(s).').first().waitFor();
    await page.waitForTimeout(1000);
    expect(hull()).toBe(before);
    await page.close();
  });

  it('previews the entry in a pane that wears the site’s stylesheet', async () => {
    const page = await editor('/collections/cities/entries/hull');
    const frame = page.frameLocator('iframe').first();
    await frame.getByText('Hull').first().waitFor();
    const sheets = await frame.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).getAttribute('href')));
    expect(sheets).toContainEqual(expect.stringMatching(/^\/assets\/site-[\w-]+\.css$/));
    await page.close();
  });
});
