import { copyFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const axeSource = readFileSync(axePath, 'utf8');

const AXE_FILE = '__axe-core.js';

/**
 * Puts axe-core in a test's own copy of the site (its served folder). Its pages then load it as a
 * same-origin script, which their CSP allows, from the browser's cache after the first page:
 * sent to each page through the debugger protocol instead, its 650 KB crossed Playwright's relay
 * and Chromium's browser process once per page (csp.test.ts's sweep: about 60 times).
 */
export function serveAxe(dir: string): void {
  copyFileSync(axePath, join(dir, AXE_FILE));
}

/** Whether the page's site serves axe-core: asked by this process, so the page's console sees no 404. */
async function servedWith(page: Page): Promise<boolean> {
  const at = new URL(page.url());
  if (!at.protocol.startsWith('http')) return false;
  return fetch(new URL(`/${AXE_FILE}`, at), { method: 'HEAD' }).then((response) => response.ok, () => false);
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page and returns its violations as readable lines. `include`: a selector;
 * every element it matches is scanned (none matched: nothing to scan, no violation).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  if (include && (await page.locator(include).count()) === 0) return [];
  // A same-origin file where the site serves one, else evaluated by the debugger protocol; never
  // an inline <script>, which the production CSP (script-src 'self') would block, and report.
  // Once per document: a quarter of a scan's cost.
  if (!(await page.evaluate(() => 'axe' in window))) {
    if (await servedWith(page)) await page.addScriptTag({ url: `/${AXE_FILE}` });
    else await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async ([tags, scope]) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(scope ? { include: [scope] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, [AXE_TAGS, include] as const);
  return violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
