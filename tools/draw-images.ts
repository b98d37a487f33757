/**
 * Draws the company's image (its structured data's `image`; each page's share card is drawn by
 * the build) and the PNG icons into public/ with headless Chromium. Run it again after a change
 * of name or colours: `npx tsx tools/draw-images.ts`. The PNGs are committed, so a normal build
 * needs no browser.
 */
import { readFileSync } from 'node:fs';
import { readFrontMatter } from '../src/content/front-matter.ts';
import { launchChromium } from './lib/chromium.ts';
import { THEME_COLOUR } from '../src/shared/settings.ts';
import { BRAND_MARK_SVG } from '../src/shared/brand-mark.ts';

const site = readFrontMatter(readFileSync('content/site.md', 'utf8')).data as { name: string; tagline: string };
const mark = BRAND_MARK_SVG;

const ogHtml = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;justify-content:space-between;
background:linear-gradient(135deg,#14351f,${THEME_COLOUR} 60%,#6b4423);color:#fff;font-family:'DejaVu Sans',sans-serif">
  <div style="display:flex;align-items:center;gap:28px"><div style="width:120px;height:120px">${mark}</div>
  <div style="font-size:56px;font-weight:800">${site.name}</div></div>
  <div style="font-size:46px;line-height:1.25;max-width:980px">${site.tagline}</div>
  <div style="font-size:28px;color:#f6e2c4">Estimation gratuite · Équipes certifiées et assurées · Urgence 24/7</div>
</div></body></html>`;

const iconHtml = (size: number) =>
  `<!doctype html><html><body style="margin:0;background:${THEME_COLOUR}"><div style="width:${size}px;height:${size}px">${mark.replace('rx="7"', 'rx="0"')}</div></body></html>`;

const browser = await launchChromium();
try {
  const shots: [string, string, number, number][] = [
    ['public/og-image.png', ogHtml, 1200, 630],
    ['public/favicon-32.png', iconHtml(32), 32, 32],
    ['public/apple-touch-icon.png', iconHtml(180), 180, 180],
  ];
  for (const [path, html, width, height] of shots) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(html);
    await page.screenshot({ path, clip: { x: 0, y: 0, width, height } });
    await page.close();
    console.log(`${path} (${width}×${height})`);
  }
} finally {
  await browser.close();
}
