import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outputFile } from '../../src/site/paths.ts';
import { copySite } from '../helpers/fixture-site.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';

const copy = copySite();
const work = mkdtempSync(join(tmpdir(), 'rendered-'));
afterAll(() => {
  rmSync(copy.dir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** `npm run build -- --rendered-pages FILE` of the fixture site, into `work`; the addresses it listed. */
function build(list: string): string[] {
  const run = spawnSync(process.execPath, ['bin/cli.mjs', 'build', '--content', copy.dir, '--out', join(work, 'dist'), '--cache', join(work, 'cache'), '--rendered-pages', join(work, list)], {
    encoding: 'utf8',
    env: hermeticEnv(),
  });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(join(work, list), 'utf8').split('\n').filter(Boolean);
}

describe('npm run build -- --rendered-pages (the pages the content path checks)', () => {
  it('lists every page when nothing is cached, then only the page of the one city file that changed', () => {
    const all = build('cold.txt');
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(existsSync(join(work, 'dist', outputFile(path))), path).toBe(true);
    expect(all).toContain('/');

    const city = readdirSync(join(copy.dir, 'cities')).find((f) => f.endsWith('.md'))!;
    let name = '';
    copy.edit(`cities/${city}`, (text) => {
      name = text.match(/^name: "(.+)"$/m)![1]!;
      return text.replace(/^heroSubtitle: "(.*)"$/m, (_, subtitle: string) => `heroSubtitle: "${subtitle} Une phrase de plus pour ${name}."`);
    });
    const changed = build('warm.txt');
    expect(changed).toHaveLength(1);
    expect(all).toContain(changed[0]);
    expect(readFileSync(join(work, 'dist', outputFile(changed[0]!)), 'utf8')).toContain(`Une phrase de plus pour ${name}.`);
  });
});
