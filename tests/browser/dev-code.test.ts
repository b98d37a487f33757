import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPreviewPage, pageState } from '../helpers/preview-page.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { testChromium } from '../helpers/chromium.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';

// `npm run dev` as a user runs it (the launcher, the bundle it makes, a child it restarts), on a copy of the
// project whose code the tests edit: the real src/ is never touched.
let project: string;
let edit: ReturnType<typeof copyProject>['edit'];
let dev: ChildProcess;
let url: string;
let output = '';
let browser: Browser;

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

beforeAll(async () => {
  ({ dir: project, edit } = copyProject('projet-dev-', { bundle: false }));
  const port = await freePort();
  url = `http://localhost:${port}`;
  dev = spawn(process.execPath, ['bin/cli.mjs', 'dev'], { cwd: project, env: hermeticEnv({ PORT: String(port) }), detached: true });
  dev.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  dev.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const started = Date.now();
  while (!output.includes(`Aperçu en direct sur ${url}`)) {
    if (Date.now() - started > 120_000 || dev.exitCode !== null) throw new Error(`npm run dev did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  browser = await testChromium();
});
afterAll(async () => {
  await browser?.close();
  if (dev?.pid) process.kill(-dev.pid, 'SIGTERM');
  await new Promise((done) => dev?.once('exit', done));
  rmSync(project, { recursive: true, force: true });
});

// A failed step shows what the preview printed: its restarts, its compile errors.
afterEach(({ task }) => {
  if (task.result?.state === 'fail') console.error(`npm run dev a affiché :\n${output}`);
});

const open = (path: string) => openPreviewPage(browser, `${url}${path}`);
const CITY_TEMPLATE = 'src/render/pages/city.tsx';
const FAQ = '<FaqSection title={c(t.faqTitle)} items={city.faq} />';

describe('npm run dev: a save in the site code shows in the open page', () => {
  it('restarts on a template save and patches the open page with the new markup: scroll and script state stay', async () => {
    const page = await open('/abattage-hull');
    edit(CITY_TEMPLATE, (t) => t.replace(FAQ, `<p className="gabarit-neuf">Gabarit modifié</p>\n        ${FAQ}`));
    await page.locator('p.gabarit-neuf').waitFor({ timeout: 30_000 });
    expect(await pageState(page)).toEqual(['intact', 600]);
    expect(output).toContain('l’aperçu redémarre avec le nouveau code');
    await page.close();
  });

  it('shows a template that does not compile on the page with its file and line, serves the last good site meanwhile, and restarts once fixed', async () => {
    const page = await open('/abattage-hull');
    edit(CITY_TEMPLATE, (t) => t.replace('Gabarit modifié</p>', 'Gabarit modifié</p'));
    const overlay = page.locator('#dev-overlay[role="alertdialog"]');
    await overlay.waitFor({ timeout: 30_000 });
    const line = readFileSync(join(project, CITY_TEMPLATE), 'utf8').split('\n').findIndex((l) => l.includes(FAQ)) + 1;
    expect(await overlay.textContent()).toMatch(new RegExp(`src/render/pages/city\\.tsx:${line}:\\d+ › code : Expected ">" but found "<"`));
    expect((await fetch(`${url}/abattage-aylmer`)).status).toBe(200);
    edit(CITY_TEMPLATE, (t) => t.replace('Gabarit modifié</p', 'Gabarit corrigé</p>'));
    await page.waitForFunction(() => document.querySelector('p.gabarit-neuf')?.textContent === 'Gabarit corrigé', null, { timeout: 30_000 });
    await overlay.waitFor({ state: 'detached' });
    expect(await pageState(page)).toEqual(['intact', 600]);
    await page.close();
  });

  it('rebuilds only the client bundle on an island code save, without restarting: its compile errors show on the page, the fixed code reloads it', async () => {
    const page = await open('/abattage-hull');
    const restartsBefore = output.split('redémarre').length;
    edit('src/client/entry.ts', (t) => `${t}\ndocument.documentElement.dataset.version = ;\n`);
    const overlay = page.locator('#dev-overlay[role="alertdialog"]');
    await overlay.waitFor({ timeout: 30_000 });
    const line = readFileSync(join(project, 'src/client/entry.ts'), 'utf8').split('\n').findIndex((l) => l.includes('dataset.version')) + 1;
    expect(await overlay.textContent()).toContain(`src/client/entry.ts:${line}:`);
    edit('src/client/entry.ts', (t) => t.replace('dataset.version = ;', "dataset.version = 'deux';"));
    await page.locator('html[data-version="deux"]').waitFor({ timeout: 30_000 });
    // Reloaded: what the old page's scripts held is gone.
    expect((await pageState(page))[0]).toBeUndefined();
    expect(output.split('redémarre').length).toBe(restartsBefore);
    expect(await page.locator('#dev-overlay').count()).toBe(0);
    await page.close();
  });
});
