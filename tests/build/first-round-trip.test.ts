import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ROUND_TRIP_BYTES, firstPaintFiles } from '../../src/cli/page-weights.ts';
import { encodeBody } from '../../src/server/static-server.ts';
import { outputFile } from '../../src/site/paths.ts';
import { buildToTemp } from '../../tools/lib/built-site.ts';
import { sharedSite } from '../helpers/shared-site.ts';

let site: Awaited<ReturnType<typeof buildToTemp>>;

beforeAll(async () => {
  // The photo variant: every hero photo slot filled, the heaviest markup a page can have.
  site = await sharedSite({ variant: 'photos' });
});

/** One page of each kind in each language: the first of its template at its primary address. */
function samples(): [string, string][] {
  const picked = new Map<string, string>();
  for (const route of site.routes) {
    const key = `${route.locale} ${route.page.template}`;
    if (route.path === route.canonical && !picked.has(key)) picked.set(key, outputFile(route.path));
  }
  return [...picked];
}

describe('every page in one round trip', () => {
  it.each(['br', 'gzip'] as const)('sends the HTML and the render-blocking CSS of each kind of page in under 14 KiB, compressed as our server and a CDN send it (%s)', (encoding) => {
    const files = new Map([...site.files].map(([path, body]) => [path, typeof body === 'string' ? new TextEncoder().encode(body) : body]));
    const over: string[] = [];
    for (const [kind, file] of samples()) {
      const bytes = firstPaintFiles(files, file).reduce((sum, f) => sum + encodeBody(files.get(f)!, encoding).length, 0);
      if (bytes >= FIRST_ROUND_TRIP_BYTES) over.push(`${kind} (${file}) : ${bytes} octets`);
    }
    expect(samples().length).toBeGreaterThanOrEqual(16);
    // The stylesheet is in the page: nothing else to fetch before the first paint.
    for (const [, file] of samples()) expect(firstPaintFiles(files, file), file).toEqual([file]);
    expect(over).toEqual([]);
  });
});
