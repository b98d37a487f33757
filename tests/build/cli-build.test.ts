import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/engine/index.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';
import { copySite } from '../helpers/fixture-site.ts';

/** Every file under `dir` with its bytes, for comparing two dist/ folders. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = readFileSync(path).toString('base64');
  }
  return out;
}

const cli = (...args: string[]) => spawnSync(process.execPath, ['bin/cli.mjs', 'build', ...args], { encoding: 'utf8' });
/** The same, with esbuild unable to start: whatever needs it fails. */
const cliWithoutEsbuild = (...args: string[]) =>
  spawnSync(process.execPath, ['bin/cli.mjs', 'build', ...args], { encoding: 'utf8', env: hermeticEnv({ ESBUILD_BINARY_PATH: '/bin/false' }) });

let copy: ReturnType<typeof copySite>;
let work: string;

beforeAll(() => {
  // Enough files for the build to start its worker threads (150): French-only cities, so that
  // each one is one file, one page and one share card.
  copy = copySite();
  const template = readFileSync(join(copy.dir, 'cities', 'ottawa.md'), 'utf8');
  for (let i = 1; i <= 110; i++) {
    copy.write(
      `cities/ville-${i}.md`,
      template
        .replace(/^slug: .*$/m, `slug: ville-${i}\nfrenchOnly: true`)
        .replace(/^name: .*$/m, `name: "Ville ${i}"`)
        .replace(/^order: .*$/m, `order: ${1000 + i}`)
        .replace(/^formValue: .*\n/m, '')
        .replaceAll('Ottawa', `Ville ${i}`),
    );
  }
  work = mkdtempSync(join(tmpdir(), 'cli-'));
});
afterAll(() => rmSync(copy.dir, { recursive: true, force: true }));

describe('npm run build (the bundled CLI, whole process)', () => {
  it('writes on worker threads, then updates in place from its cache, then writes elsewhere from the pages its cache keeps, the very files the in-memory build makes', async () => {
    const cache = join(work, 'cache');
    const cold = cli('--content', copy.dir, '--out', join(work, 'cold'), '--cache', cache, '--threads', '2');
    expect(cold.status, cold.stderr).toBe(0);
    // Share cards are drawn by the host on request: the build names them and draws none.
    expect(cold.stdout).toMatch(/écrites dans .*\(\d+ rendues, 0 reprises ; 0 carte de partage dessinée ; 2 fils\)/);
    // The reference: parsed and rendered in memory, in this thread.
    const expected = await buildSite({ contentDir: copy.dir });
    const warm = cli('--content', copy.dir, '--out', join(work, 'cold'), '--cache', cache, '--threads', '2');
    expect(warm.stdout).toMatch(/mises à jour dans .*\(0 rendues, \d+ reprises ; 0 carte de partage dessinée ; 1 fil\)/);
    const elsewhere = cli('--content', copy.dir, '--out', join(work, 'elsewhere'), '--cache', cache, '--threads', '2');
    // A CI runner: the cache restored, no dist/. Every page is taken from the cache, none rendered.
    const summary = /^(\d+) pages \(dont (\d+) alias\) écrites dans .*\(0 rendues, (\d+) reprises ; 0 carte de partage dessinée ; 1 fil\)/;
    expect(elsewhere.stdout).toMatch(summary);
    const [, files, aliases, reused] = summary.exec(elsewhere.stdout)!.map(Number);
    expect(reused).toBe(files! - aliases!);
    const uncached = cli('--content', copy.dir, '--out', join(work, 'uncached'), '--no-cache', '--threads', '1');
    expect(uncached.status, uncached.stderr).toBe(0);

    const want = Object.fromEntries([...expected.files].map(([f, b]) => [f, Buffer.from(b).toString('base64')]));
    for (const out of ['cold', 'elsewhere', 'uncached']) expect(tree(join(work, out))).toEqual(want);
    // An alias page is a hard link to its primary page, not a copy.
    expect(statSync(join(work, 'cold', 'zones/ville-7.html')).ino).toBe(statSync(join(work, 'cold', 'abattage-ville-7.html')).ino);
  }, 240_000);

  it('never runs esbuild for a build of content alone: the client bundle and the stylesheet were made with the CLI bundle', () => {
    // The site's own content: the 110 extra cities are there for the threads of the test above.
    const site = copySite();
    cli('--content', site.dir, '--out', join(work, 'warm-up'), '--no-cache');
    const built = cliWithoutEsbuild('--content', site.dir, '--out', join(work, 'sans-esbuild'), '--no-cache');
    expect(built.status, built.stderr).toBe(0);
    expect(tree(join(work, 'sans-esbuild'))).toEqual(tree(join(work, 'warm-up')));
    // The check can fail: under this environment esbuild itself cannot run.
    const esbuild = spawnSync(process.execPath, ['-e', "require('esbuild').transformSync('a { b: c }', { loader: 'css' })"], { env: hermeticEnv({ ESBUILD_BINARY_PATH: '/bin/false' }) });
    expect(esbuild.status).not.toBe(0);
    rmSync(site.dir, { recursive: true, force: true });
  }, 180_000);

  it('explains its options on --help, and names an unknown one (exit 2) instead of throwing', () => {
    const help = cli('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage : npm run build -- \[options\][\s\S]*--threads N/);
    const wrong = cli('--vite');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^Option inconnue : --vite\n\nUsage : npm run build/);
  });
});
