import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BRAND_MARK_DATA_URI } from '../../src/shared/brand-mark.ts';
import { SPECULATION_RULES } from '../../src/site/speculation-rules.ts';
import { checkXss, foreignMarkup, VECTORS } from '../../tools/scenarios/xss.ts';
import { createSiteServer } from '../../src/server/static-server.ts';
import { close, listen } from '../../tools/lib/server.ts';
import { testChromium } from '../helpers/chromium.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await testChromium();
});
afterAll(() => browser.close());

describe('hostile text in content (tests/fixtures/xss/)', () => {
  it('holds at least 60 vectors', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(60);
  });

  it('reaches no page as markup and runs nothing in Chromium, from a Markdown body or any front-matter string', async () => {
    const figures = await checkXss(browser, async (dir) => {
      const server = createSiteServer({ root: dir, leadsFile: join(dir, '..', 'leads.jsonl'), log: () => {} });
      const base = await listen(server);
      return { base, close: () => close(server) };
    });
    expect(figures).toEqual({ vectors: VECTORS.length, reached: [], accepted: [], executed: [] });
  });

  it('sees foreign markup when there is some (the check can fail)', () => {
    expect(foreignMarkup('<p><img src=x onerror="window.__xss=1"><a href="javascript:void(0)">x</a><script>1</script><iframe src="x"></iframe></p>')).toHaveLength(4);
    expect(foreignMarkup('<head><script type="module">import("/assets/chunk-A.js")</script></head><svg class="icon"></svg><form class="quote-form"></form>')).toEqual([]);
    // Our entry script, once in the head; a module script anywhere else, or from elsewhere, is foreign.
    expect(foreignMarkup('<head></head><p><script type="module">alert(1)</script><script type="module" src="/assets/x.js"></script></p>')).toHaveLength(2);
    // A photo's stand-in and the favicon are the data: addresses we write; any other is foreign.
    expect(foreignMarkup(`<img class="photo-placeholder" src="data:image/webp;base64,UklGRg==" alt=""><link rel="icon" href="${BRAND_MARK_DATA_URI}"/>`)).toEqual([]);
    expect(foreignMarkup('<img src="data:image/svg+xml,%3Csvg%3E" alt=""><img src="data:image/webp;base64,AA==&quot;x" alt=""><link rel="icon" href="data:image/svg+xml,%3Csvg%3E"/>')).toHaveLength(3);
    // Our speculation rules, exactly; other rules are foreign.
    expect(foreignMarkup(`<script type="speculationrules">${SPECULATION_RULES}</script>`)).toEqual([]);
    expect(foreignMarkup('<script type="speculationrules">{"prerender":[{"source":"list","urls":["/api/quote"]}]}</script>')).toHaveLength(1);
  });
});
