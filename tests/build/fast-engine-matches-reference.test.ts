import { describe, expect, it } from 'vitest';
import { buildSite, type BuiltSite, fastBuild } from '../../src/engine/index.ts';
import { BUILD_NOW } from '../helpers/shared-build-types.ts';
import { shared, warmCache } from '../helpers/shared-site.ts';
import { SITE } from '../helpers/fixture-site.ts';

/** Every file of a build with its bytes, text or not, for an exact comparison with a readable diff. */
const bytes = (site: BuiltSite) => Object.fromEntries([...site.files].map(([path, body]) => [path, typeof body === 'string' ? body : Buffer.from(body).toString('base64')]));

describe('the engine makes the bytes of its reference build (cold, one thread, no cache)', () => {
  it('builds the real site on two worker threads into the very files the reference makes', async () => {
    const options = { contentDir: SITE, now: BUILD_NOW };
    const reference = await buildSite(options);
    const twoThreads = await fastBuild({ ...options, threads: 2, parallelFrom: 0 });
    expect(reference.stats.threads).toBe(1);
    expect(twoThreads.stats.threads).toBe(2);
    expect(reference.files.has('abattage-hull.html')).toBe(true);
    expect(bytes(twoThreads)).toEqual(bytes(reference));
  });

  it('encodes the photos the engine takes from its warm cache into the same files', async () => {
    const { contentDir } = shared('photos');
    const reference = await buildSite({ contentDir, now: BUILD_NOW });
    const warm = await fastBuild({ contentDir, now: BUILD_NOW, cacheDir: warmCache('photos') });
    expect(warm.stats.encoded).toBe(0);
    expect([...reference.files.keys()].some((path) => path.startsWith('photos/'))).toBe(true);
    expect(bytes(warm)).toEqual(bytes(reference));
  });
});
