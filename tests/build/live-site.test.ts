import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildEngine } from '../../src/engine/index.ts';
import { buildToTemp } from '../../tools/lib/built-site.ts';
import { CONTENT_DIR, copyContent } from '../../tools/lib/content-copy.ts';
import { ROOT } from '../../tools/lib/root.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';
import { ADDED_CITY, ownerEdits } from '../helpers/owner-edits.ts';
import { isError, runVnu } from '../../tools/lib/vnu.ts';

/**
 * The real content/, whatever its owner and editors made of it: the site that goes live. Every
 * other build test builds the fixture site; these check what holds for any content, and that the
 * documented owner's tasks (example values replaced, a city added, another removed) keep every
 * content check green.
 */
let live: Awaited<ReturnType<typeof buildToTemp>>;
const owner = copyContent();
let removed: string;

beforeAll(async () => {
  live = await buildToTemp({ contentDir: 'content', cacheDir: join(ROOT, '.cache/tests/live'), checklist: true });
  ({ removed } = ownerEdits(owner.dir));
});
afterAll(() => rmSync(owner.dir, { recursive: true, force: true }));

/** Each distinct page of dist/ once (an alias is its page's very bytes). */
function distinctPages(root: string): string[] {
  const seen = new Set<string>();
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(root, file))
    .filter((file) => {
      const digest = createHash('sha256').update(readFileSync(file)).digest('hex');
      return !seen.has(digest) && Boolean(seen.add(digest));
    });
}

/** Files of content/ that still hold a kind of example value the launch checklist knows. */
function filesWithExampleValues(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .filter((file) => /\b\d{3} 555-01\d\d\b|[\w-]\.example\b|^\s*sample: true$/m.test(readFileSync(join(dir, file), 'utf8')))
    .map((file) => relative(ROOT, join(dir, file)));
}

describe('the live site, built from content/', () => {
  it('builds, every internal link resolving, and its pages pass the Nu HTML checker', async () => {
    const pages = distinctPages(live.dir);
    expect(pages.length).toBeGreaterThan(0);
    const errors = (await runVnu(pages)).filter(isError).map((m) => `${m.url.replace(`file:${live.dir}`, '')}:${m.lastLine ?? ''} ${m.message}`);
    expect(errors).toEqual([]);
  });

  it('lists under « Avant la mise en ligne » every file that still holds an example value', () => {
    const listed = new Set(live.checklist.map((d) => d.file));
    expect(filesWithExampleValues(CONTENT_DIR).filter((file) => !listed.has(file))).toEqual([]);
  });
});

describe('an owner replaces the example values, adds a city in both languages and removes another', () => {
  it('builds for production, with the new city’s pages and without the removed one’s', async () => {
    const engine = new BuildEngine({ contentDir: owner.dir, cacheDir: null, production: true, quoteDelivery: 'relay', siteUrl: 'https://www.arbo-expert-outaouais.ca' });
    try {
      const site = await engine.build();
      expect(site.checklist).toEqual([]);
      const paths = site.routes.map((r) => r.path);
      expect(paths).toEqual(expect.arrayContaining([`/abattage-${ADDED_CITY.slug}`, `/en/tree-removal-${ADDED_CITY.slug}`]));
      expect(paths.filter((p) => p.endsWith(`-${removed}`) || p.endsWith(`/${removed}`))).toEqual([]);
    } finally {
      await engine.close();
    }
    expect(existsSync(join(owner.dir, 'cities', `${removed}.md`))).toBe(false);
  });

  it('passes every content check of tests/content/ on the edited content', () => {
    const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', 'tests/content/'], {
      cwd: ROOT,
      encoding: 'utf8',
      // The build project runs with NODE_ENV=production; the content checks run React's development build.
      env: hermeticEnv({ CONTENT_UNDER_CHECK: owner.dir, NO_COLOR: '1', NODE_ENV: 'test' }),
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/Test Files {2}\d+ passed/);
  });
});
