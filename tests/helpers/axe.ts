import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
  // Evaluated by the debugger protocol, not added as an inline <script>: the production CSP
  // (script-src 'self') would block that, and report it. Once per document: a quarter of a scan's cost.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async ([tags, scope]) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(scope ? { include: [scope] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, [AXE_TAGS, include] as const);
  return violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
