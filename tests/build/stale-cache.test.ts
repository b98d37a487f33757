import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTree } from '../helpers/link-tree.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { shared } from '../helpers/shared-site.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';

// On a copy of the project: parsing reads the page-kind table of
// src/site/, outside the folders the content's fingerprint used to list by hand, so the cache
// kept publishing pages that a build without it refuses.
let project: ReturnType<typeof copyProject>;

const build = (...args: string[]) =>
  spawnSync(process.execPath, ['bin/cli.mjs', 'build', ...args], { cwd: project.dir, encoding: 'utf8', env: hermeticEnv() });
const unknownTokens = (stderr: string) => stderr.split('\n').filter((line) => line.includes('jeton inconnu'));

beforeAll(() => {
  project = copyProject('cache-perime-');
  linkTree(shared().cacheDir, join(project.dir, '.cache/build'));
});
afterAll(() => rmSync(project.dir, { recursive: true, force: true }));

describe('a cached entry is redone when code that computes it changes, wherever that code lives', () => {
  it('fails with the cache as without it when the city template may no longer keep {city}', () => {
    const first = build();
    expect(first.status, first.stderr).toBe(0);
    project.edit('src/site/page-kinds.ts', (t) => t.replace("keepTokens: ['city']", 'keepTokens: []'));
    const cached = build();
    const clean = build('--no-cache');
    expect([cached.status, clean.status]).toEqual([1, 1]);
    expect(unknownTokens(clean.stderr).length).toBeGreaterThan(0);
    expect(unknownTokens(cached.stderr)).toEqual(unknownTokens(clean.stderr));
  });
});
