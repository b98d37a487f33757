/**
 * The XSS corpus (tests/fixtures/xss/vectors.txt, from OWASP's filter-evasion list): every vector
 * in a Markdown body and in every kind of front-matter string (hero, summary, cards, FAQ, which
 * also feed the JSON-LD and the island props), built into a real site. A vector counts as
 * reaching the page when dist/ holds a script, an event attribute or a javascript:/data: address
 * that we did not write, and as executing when Chromium runs it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { parseDocument } from 'yaml';
import { fastBuild } from '../../src/engine/index.ts';
import { renderMarkdown } from '../../src/content/markdown.ts';
import { BRAND_MARK_DATA_URI } from '../../src/shared/brand-mark.ts';
import { SPECULATION_RULES_ELEMENT } from '../../src/site/speculation-rules.ts';
import { contentWithPhotos } from '../lib/photo-content.ts';

export const VECTORS = readFileSync(join(import.meta.dirname, '../../tests/fixtures/xss/vectors.txt'), 'utf8').split('\n').filter(Boolean);

/** Markdown's own ways to a dangerous address: each must be refused as a content error. */
export const MARKDOWN_LINKS = [
  '[clic](javascript:window.__xss=1)',
  '[clic](JaVaScRiPt:window.__xss=1)',
  '[clic](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  '[clic](vbscript:msgbox(1))',
  '![image](javascript:window.__xss=1)',
  '[clic][piege]\n\n[piege]: javascript:window.__xss=1',
];

/** A vector as a photo's alt text: one line, no brackets (it must stay an image for Markdown). */
function asPhoto(vector: string): string {
  return `![Photo ${vector.replace(/[[\]\n]/g, ' ')}](../images/erable-hull.jpg)`;
}

/** The string fields of a city file that reach its page, each a place to hide a vector. */
const CITY_SLOTS: (string | number)[][] = [
  ['summary'],
  ['heroSubtitle'],
  ...[0, 1, 2, 3, 4].flatMap((i) => [['faq', i, 'question'], ['faq', i, 'answer']]),
  ...[0, 1, 2, 3].flatMap((i) => [['services', i, 'title'], ['services', i, 'text']]),
  ...[0, 1, 2, 3].flatMap((i) => [['reasons', i, 'title'], ['reasons', i, 'text']]),
  ['expertise', 'title'],
  ['expertise', 'text'],
  ['expertise', 'points', 0],
  ['expertise', 'points', 1],
];
const CITIES = ['hull', 'aylmer', 'chelsea'];

/** What we write ourselves: our scripts, and nothing else that runs. */
const OUR_SCRIPT = /^<script (type="application\/json" data-island-props="[\w-]+"|type="application\/ld\+json")>/;

/** A photo's blurred stand-in (src/render/parts/photo.tsx): a data: address we write, a base64 WebP. */
const OUR_PLACEHOLDER = /^ src="data:image\/webp;base64,[A-Za-z0-9+/=]+"$/;

/** The favicon (src/shared/brand-mark.ts): the other data: address we write, always the same. */
const OUR_ICON = ` href="${BRAND_MARK_DATA_URI}"`;


/** The site's stylesheet and the islands' entry script, once each in each page's head (src/render/layout/head.tsx): the one <style> and the one inline module we write. */
const OUR_INLINE: [open: string, close: string][] = [
  ['<style data-site-style="">', '</style>'],
  ['<script type="module">', '</script>'],
];

/** The page without its own stylesheet and entry script, when they are where we put them: once, before `</head>`; another anywhere is foreign. */
function withoutOurInline(page: string): string {
  return OUR_INLINE.reduce((html, [open, close]) => {
    const at = html.indexOf(open);
    const end = html.indexOf(close, at);
    return at >= 0 && end >= 0 && end < html.indexOf('</head>') ? html.slice(0, at) + html.slice(end + close.length) : html;
  }, page);
}

/** Markup in a page that no template of ours writes. */
export function foreignMarkup(page: string): string[] {
  const html = withoutOurInline(page).replace(SPECULATION_RULES_ELEMENT, ''); // our rules, exactly; any other block of their type is foreign
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*>/gi)) if (!OUR_SCRIPT.test(m[0])) found.push(m[0]);
  // Attribute values emptied first: alt text may quote `onerror=` as text (its quotes escaped), an injected attribute stands outside any value.
  const tags = html.replace(/="[^"]*"/g, '=""');
  for (const m of tags.matchAll(/<[a-z][^>]*\son[a-z]+\s*=/gi)) found.push(m[0]);
  for (const m of html.matchAll(/\s(?:href|src|action|formaction|background|poster|data|srcdoc)\s*=\s*"\s*(?:javascript|data|vbscript):[^"]*"/gi)) if (!OUR_PLACEHOLDER.test(m[0]) && m[0] !== OUR_ICON) found.push(m[0]);
  // Elements none of our templates write (our icons are <svg>, the quote form a <form>: not listed).
  for (const m of html.matchAll(/<(?:iframe|object|embed|base|meta http-equiv|style|math|frameset|frame|isindex|marquee|video|audio|bgsound|link rel="stylesheet" href="javascript)\b[^>]*>/gi)) found.push(m[0]);
  return found;
}

export interface XssFigures {
  vectors: number;
  /** Vectors found as markup in dist/ (body or front-matter). */
  reached: string[];
  /** Markdown links to a dangerous address that the build accepted instead of refusing. */
  accepted: string[];
  /** Vectors that ran in Chromium (a dialog, or window.__xss set). */
  executed: string[];
}

/** Builds the site with every vector in it and checks dist/ (and, given a browser, Chromium, on the site `serve` serves from the dist/ folder it is given). */
export async function checkXss(browser?: Browser, serve?: (dir: string) => Promise<{ base: string; close(): Promise<void> }>): Promise<XssFigures> {
  const reached: string[] = [];
  const accepted: string[] = [];
  // In a Markdown body: the sanitizer's output, vector by vector.
  for (const vector of VECTORS) {
    const { html } = renderMarkdown(`Un paragraphe.\n\n${vector}\n\nUn autre ${vector} en ligne.`);
    if (foreignMarkup(html).length > 0) reached.push(`corps : ${vector}`);
  }
  for (const link of MARKDOWN_LINKS) if (renderMarkdown(link).removed.length === 0) accepted.push(link);

  // In front-matter strings and bodies of real files, and in photos' alt text (a hero's and the
  // text's: it travels through the Markdown marker and back), built into a whole site.
  const copy = contentWithPhotos();
  const outDir = browser && serve ? join(mkdtempSync(join(tmpdir(), 'xss-')), 'dist') : undefined;
  try {
    let next = 0;
    for (const city of CITIES) {
      const file = `cities/${city}.md`;
      copy.edit(file, (text) => {
        const end = text.indexOf('\n---', 4);
        const doc = parseDocument(text.slice(4, end + 1));
        for (const slot of CITY_SLOTS) doc.setIn(slot, VECTORS[next++ % VECTORS.length]);
        doc.setIn(['photo'], { src: '../images/erable-hull.jpg', alt: VECTORS[next++ % VECTORS.length] });
        const body = [...VECTORS.slice(0, 20), ...VECTORS.slice(0, 20).map(asPhoto)].join('\n\n');
        return `---\n${doc.toString()}---\n${text.slice(end + 5)}\n${body}\n`;
      });
    }
    const site = await fastBuild({ contentDir: copy.dir, ...(outDir ? { outDir } : {}) });
    for (const [file, body] of site.files) {
      if (typeof body !== 'string' || !file.endsWith('.html')) continue;
      for (const markup of foreignMarkup(body)) reached.push(`${file} : ${markup}`);
    }
    const executed: string[] = [];
    if (browser && serve && outDir) {
      const server = await serve(outDir);
      try {
        for (const city of CITIES) {
          const page = await browser.newPage();
          page.on('dialog', (d) => {
            executed.push(`${city} : dialogue ${d.message()}`);
            void d.dismiss();
          });
          await page.goto(`${server.base}/abattage-${city}`);
          for (const island of await page.locator('[data-island]').all()) await island.dispatchEvent('pointerover');
          await page.locator('.faq summary').first().click();
          await page.mouse.move(200, 300);
          await page.waitForTimeout(300);
          if (await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss !== undefined)) executed.push(`${city} : window.__xss`);
          await page.close();
        }
      } finally {
        await server.close();
      }
    }
    return { vectors: VECTORS.length, reached, accepted, executed };
  } finally {
    rmSync(copy.dir, { recursive: true, force: true });
    if (outDir) rmSync(dirname(outDir), { recursive: true, force: true });
  }
}
