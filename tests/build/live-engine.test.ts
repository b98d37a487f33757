import { existsSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrokenLinksError, BuildEngine, type BuildResult } from '../../src/engine/index.ts';
import { coldCache } from '../helpers/engine-build.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { BUILD_NOW } from '../helpers/shared-build-types.ts';
import { copySite } from '../helpers/fixture-site.ts';

/** The live preview's engine: one engine kept alive, building in memory after each save. */
const liveEngine = (contentDir: string, cacheDir = warmCache()) =>
  new BuildEngine({ contentDir, cacheDir, now: BUILD_NOW, threads: 1, photos: 'on-request', saveIndex: 'when-idle' });

const html = (result: BuildResult, path: string) => new TextDecoder().decode(result.outputs.get(path)!.bytes);

/**
 * The engine's clock moved past the « racy » margin since `file` last changed (2 s): its stamp is
 * then trusted. Only `Date` is faked, forward: the engine's timers and the file system's times run as they do.
 */
const settle = (file: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.max(Date.now(), statSync(file).ctimeMs + 2100));
};

let copy: ReturnType<typeof copySite>;
afterEach(() => {
  vi.useRealTimers();
  rmSync(copy.dir, { recursive: true, force: true });
});

describe('the live preview’s engine, after one save', () => {
  it('still reports a broken link that the save wrote into a city, with its file and line', async () => {
    copy = copySite();
    const engine = liveEngine(copy.dir);
    try {
      await engine.build();
      copy.edit('cities/hull.md', (t) => t.replace(/\n---\n/, '\n---\nVoyez [nos tarifs](/tarifs).\n\n'));
      const failed = await engine.build().then(() => undefined, (error: unknown) => error);
      expect(failed).toBeInstanceOf(BrokenLinksError);
      expect((failed as BrokenLinksError).broken).toEqual([expect.objectContaining({ pages: ['/abattage-hull'], target: '/tarifs', file: expect.stringMatching(/cities\/hull\.md$/) })]);
      // Fixed, the site builds again.
      copy.edit('cities/hull.md', (t) => t.replace('Voyez [nos tarifs](/tarifs).', 'Voyez nos tarifs.'));
      expect(html(await engine.build(), 'abattage-hull.html')).toContain('Voyez nos tarifs.');
    } finally {
      await engine.close();
    }
  });

  it('keeps what a refused build parsed: once the mistake is fixed, only the fixed file is parsed again', async () => {
    copy = copySite();
    const engine = liveEngine(copy.dir);
    try {
      await engine.build();
      copy.edit('cities/hull.md', (t) => t.replace(/^name: .*$/m, ''));
      copy.edit('cities/aylmer.md', (t) => t.replace('Le long du lac Deschênes', 'Tout le long du lac Deschênes'));
      const refused = await engine.build().then(() => undefined, (error: unknown) => error);
      expect(String(refused)).toMatch(/cities\/hull\.md/);
      copy.edit('cities/hull.md', (t) => t.replace(/^slug: /m, 'name: "Hull"\nslug: '));
      const fixed = await engine.build();
      expect(fixed.stats).toMatchObject({ parsed: 1 });
      expect(html(fixed, 'abattage-aylmer.html')).toContain('Tout le long du lac Deschênes');
    } finally {
      await engine.close();
    }
  });

  it('sees an edit that keeps the file’s size, and a file replaced by a rename with its old times', async () => {
    copy = copySite();
    const file = join(copy.dir, 'cities/hull.md');
    const engine = liveEngine(copy.dir);
    try {
      settle(file);
      await engine.build();
      const text = readFileSync(file, 'utf8');
      const { atime, mtime } = statSync(file);
      // Each build comes once the edit is past the racy margin: the stamp alone must tell.
      writeFileSync(file, text.replace(/^heroSubtitle: "./m, (m) => `${m.slice(0, -1)}Q`));
      utimesSync(file, atime, mtime);
      settle(file);
      expect(html(await engine.build(), 'abattage-hull.html')).toMatch(/Q/);
      // An editor's atomic save: a new file, renamed over the old one, same size, same times.
      writeFileSync(`${file}.tmp`, text.replace(/^heroSubtitle: "./m, (m) => `${m.slice(0, -1)}Z`));
      utimesSync(`${file}.tmp`, atime, mtime);
      renameSync(`${file}.tmp`, file);
      settle(file);
      const after = await engine.build();
      expect(after.stats).toMatchObject({ parsed: 1, rendered: 1 });
      expect(html(after, 'abattage-hull.html')).toMatch(/Z/);
    } finally {
      await engine.close();
    }
  });

  it('writes the disk cache’s index once idle or closed, not at the end of each build', async () => {
    copy = copySite();
    const cacheDir = coldCache();
    const index = join(cacheDir, 'v3', 'index.json');
    const engine = liveEngine(copy.dir, cacheDir);
    try {
      await engine.build();
      expect(existsSync(index)).toBe(false);
      await expect.poll(() => existsSync(index)).toBe(true);
    } finally {
      await engine.close();
    }
    // Closed, the engine wrote what its last build used: a new one parses nothing again.
    const again = liveEngine(copy.dir, cacheDir);
    copy.edit('cities/hull.md', (t) => `${t}\nUne phrase de plus.\n`);
    try {
      expect((await again.build()).stats).toMatchObject({ parsed: 1 });
    } finally {
      await again.close();
    }
    const third = liveEngine(copy.dir, cacheDir);
    try {
      expect((await third.build()).stats).toMatchObject({ parsed: 0 });
    } finally {
      await third.close();
    }
  });
});
