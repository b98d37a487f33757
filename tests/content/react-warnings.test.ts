import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../../src/engine/index.ts';
import { SITE } from '../helpers/fixture-site.ts';
import { BUILD_NOW } from '../helpers/shared-build-types.ts';

// The build renders with React's production build, as `npm run build` does; so do the build and
// browser projects of `npm test` (vitest.config.ts): 0.5 CPU-s a whole-site render, against 0.8. React’s
// development build checks each element (keys, props, nesting) and says what is wrong on the
// console: this project keeps it, and this file fails on the first thing it says.
const said = () => {
  const lines: string[] = [];
  for (const method of ['error', 'warn'] as const) vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  return lines;
};

afterEach(() => vi.restoreAllMocks());

describe("React's development checks over every page", () => {
  it('runs here with React’s development build, which does complain (the check can fail)', () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    const lines = said();
    renderToStaticMarkup(createElement('ul', null, [createElement('li', null, 'a'), createElement('li', null, 'b')]));
    expect(lines.join('\n')).toMatch(/unique "key" prop/);
  });

  it('renders every page of the site, French and English, without a single warning from React', async () => {
    const lines = said();
    const site = await buildSite({ contentDir: SITE, now: BUILD_NOW });
    expect([...site.files.keys()].filter((file) => file.endsWith('.html')).length).toBeGreaterThan(40);
    expect(lines).toEqual([]);
  });
});
