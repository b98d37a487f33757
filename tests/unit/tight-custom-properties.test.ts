import { describe, expect, it } from 'vitest';
import { buildStyles } from '../../src/engine/index.ts';

describe('the stylesheet in every page', () => {
  it('drops the space esbuild keeps after a custom property’s colon and its commas, leaving quoted text, shorthand values and var() fallbacks as they are', async () => {
    const { meta } = await buildStyles(':root{--font: system-ui, "Segoe UI, Web", Arial;--shadow: 0 6px 20px rgb(20 53 31 / .1)}a{font-family:var(--font, serif)}');
    expect(meta.text).toContain('--font:system-ui,"Segoe UI, Web",Arial;');
    expect(meta.text).toContain('--shadow:0 6px 20px');
    expect(meta.text).not.toMatch(/--[\w-]+: /);
    expect(meta.text).toMatch(/var\(--font, ?serif\)/);
  });
});
