import { describe, expect, it } from 'vitest';
import { buildStyles, tightCustomProperties } from '../../src/engine/styles.ts';

describe('the stylesheet in every page', () => {
  it('drops the space esbuild keeps after a custom property’s colon and its commas, leaving quoted text and other declarations as they are', () => {
    const css = ':root{--font: system-ui, "Segoe UI, Web", Arial;--shadow: 0 6px 20px rgb(20 53 31 / .1)}a{font-family:var(--font, serif)}';
    expect(tightCustomProperties(css)).toBe(':root{--font:system-ui,"Segoe UI, Web",Arial;--shadow:0 6px 20px rgb(20 53 31 / .1)}a{font-family:var(--font, serif)}');
  });

  it('builds a sheet with no space left after a custom property’s colon', async () => {
    const { meta } = await buildStyles(':root{--gap: 1rem;--font: a, b}p{margin:var(--gap)}');
    expect(meta.text).toContain('--gap:1rem');
    expect(meta.text).toContain('--font:a,b');
  });
});
