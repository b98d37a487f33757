/**
 * The live preview's latency, as an editor lives it: `npm run dev` as its own process, a page open
 * in Chromium, and for each of 20 saves the time from the file write to the page holding the new
 * content (recorded by the page itself, against the same clock), for a city file, site.md (every
 * page) and the stylesheet. Saves are PAUSE_MS apart, as an editor's are: the work a save leaves
 * behind it (the pages that name a new stylesheet) is done before the next. Run by `npm run bench`, or alone: `tsx tools/bench/bench-preview.ts`.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../lib/chromium.ts';
import { markdownTable, type ResultsTable } from '../lib/results.ts';

const SAVES = 20;
const PAUSE_MS = 400;

export interface PreviewFigures {
  label: string;
  median: number;
  p95: number;
}

/** A port nothing listens on: a bench running beside this one must not answer this one's page. */
const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

const up = (url: string) => new Promise<boolean>((done) => get(url, (res) => (res.resume(), done(res.statusCode === 200))).on('error', () => done(false)));

/** Starts `npm run dev` on a copy of `contentDir` and measures the three kinds of save. */
export async function measurePreview(label: string, contentDir: string): Promise<PreviewFigures[]> {
  const port = await freePort();
  const work = mkdtempSync(join(tmpdir(), 'apercu-banc-'));
  const content = join(work, 'content');
  cpSync(contentDir, content, { recursive: true });
  // A copy of the stylesheet: the project's own is never touched.
  const css = join(work, 'site.css');
  cpSync('src/styles/site.css', css);
  const child = spawn(process.execPath, ['bin/cli.mjs', 'dev', '--content', content, '--stylesheet', css], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  try {
    // 4,000 cities take a while to build the first time.
    for (let i = 0; !(await up(`${base}/abattage-hull`)); i++) {
      if (i > 9000 || exited) throw new Error('npm run dev did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
    const page = await browser.newPage();
    await page.goto(`${base}/abattage-hull`);
    await page.locator('html[data-preview="connected"]').waitFor();

    const city = join(content, 'cities/hull.md');
    const site = join(content, 'site.md');
    const original = { city: readFileSync(city, 'utf8'), site: readFileSync(site, 'utf8'), css: readFileSync(css, 'utf8') };
    /** Resolves with the page's clock when `test` (run in the page) first holds, checked every frame. */
    // A source string: tsx's helpers would not exist in the page.
    const until = (test: string, marker: string) =>
      page.evaluate(`new Promise((done) => { const m = ${JSON.stringify(marker)}; const tick = () => (${test}) ? done(Date.now()) : requestAnimationFrame(tick); tick(); })`) as Promise<number>;
    const kinds = [
      { name: 'fichier de ville', file: city, text: original.city, edit: (t: string, m: string) => t.replace(/^heroSubtitle: "/m, `heroSubtitle: "${m} `), test: 'document.body.textContent.includes(m)' },
      { name: 'site.md (toutes les pages)', file: site, text: original.site, edit: (t: string, m: string) => `${t.trimEnd()} ${m}\n`, test: 'document.body.textContent.includes(m)' },
      {
        name: 'feuille de style',
        file: css,
        text: original.css,
        edit: (t: string, m: string) => `${t}\nhtml { scroll-padding-top: ${m.slice(7)}px; }\n`,
        test: "getComputedStyle(document.documentElement).scrollPaddingTop === m.slice(7) + 'px'",
      },
    ];
    const figures: PreviewFigures[] = [];
    for (const kind of kinds) {
      const times: number[] = [];
      for (let i = 1; i <= SAVES; i++) {
        const marker = `repere-${100 + i}`;
        const seen = until(kind.test, marker);
        const written = Date.now();
        writeFileSync(kind.file, kind.edit(kind.text, marker));
        times.push((await seen) - written);
        await new Promise((done) => setTimeout(done, PAUSE_MS));
      }
      times.sort((a, b) => a - b);
      figures.push({ label: `${label} · ${kind.name}`, median: times[SAVES / 2]!, p95: times[Math.ceil(SAVES * 0.95) - 1]! });
      writeFileSync(kind.file, kind.text);
    }
    return figures;
  } finally {
    await browser.close();
    child.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

export function previewTable(rows: PreviewFigures[]): ResultsTable {
  return {
    caption: `Aperçu en direct : de l’enregistrement du fichier à la page ouverte qui le montre, ${SAVES} enregistrements de chaque sorte.`,
    header: ['aperçu en direct : enregistrement', 'médiane', 'p95'],
    rows: rows.map((r) => [r.label, `${r.median} ms`, `${r.p95} ms`]),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(markdownTable(previewTable(await measurePreview('site réel', 'content'))));
}
