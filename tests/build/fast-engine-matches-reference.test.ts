import { describe, expect, it } from 'vitest';
import { buildSite, type BuiltSite, fastBuild } from '../../src/engine/index.ts';
import { BUILD_NOW } from '../helpers/shared-build-types.ts';
import { shared, warmCache } from '../helpers/shared-site.ts';
import { SITE } from '../helpers/fixture-site.ts';

/** Every file of a build with its bytes, text or not, for an exact comparison with a readable diff. */
const bytes = (site: BuiltSite) => Object.fromEntries([...site.files].map(([path, body]) => [path, typeof body === 'string' ? body : Buffer.from(body).toString('base64')]));

describe('the fast engine makes the bytes of the reference build', () => {
  it('builds the real site, in one thread and on two worker threads, into the very files the pure pipeline makes', async () => {
    const options = { contentDir: SITE, now: BUILD_NOW };
    const reference = await buildSite(options);
    const oneThread = await fastBuild({ ...options, threads: 1 });
    const twoThreads = await fastBuild({ ...options, threads: 2, parallelFrom: 0 });
    expect(twoThreads.stats.threads).toBe(2);
    expect(reference.files.has('abattage-hull.html')).toBe(true);
    expect(bytes(oneThread)).toEqual(bytes(reference));
    expect(bytes(twoThreads)).toEqual(bytes(reference));
  });

  it('encodes the photos the fast engine takes from its warm cache into the same files', async () => {
    const { contentDir } = shared('photos');
    const reference = await buildSite({ contentDir, now: BUILD_NOW });
    const warm = await fastBuild({ contentDir, now: BUILD_NOW, cacheDir: warmCache('photos') });
    expect(warm.stats.encoded).toBe(0);
    expect([...reference.files.keys()].some((path) => path.startsWith('photos/'))).toBe(true);
    expect(bytes(warm)).toEqual(bytes(reference));
  });
});
