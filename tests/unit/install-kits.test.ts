import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureKit, KITS, kitPackages } from '../../tools/kits/ensure.mjs';
import { ROOT } from '../../tools/lib/root.ts';

/** The packages of a lock file, by name, wherever npm placed them. */
const lockedNames = (lockFile: string) =>
  Object.keys((JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, unknown> }).packages).map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

/** The kits whose packages tools/ and tests/ import by name, as opposed to Lighthouse, which only its folder loads. */
const LINKED_KITS = [KITS.worker, KITS.checks];

describe('the site’s own install and its kits', () => {
  it('keeps the Worker’s runtime, the browser drivers, the validators and Lighthouse out of the site’s lock', () => {
    const moved = [...Object.values(KITS).flatMap(kitPackages), 'workerd', '@cloudflare/workerd-linux-64', 'chromium-bidi'];
    const root = new Set(lockedNames(join(ROOT, 'package-lock.json')));
    expect(moved.filter((name) => root.has(name))).toEqual([]);
    for (const kit of Object.values(KITS)) expect(lockedNames(join(kit, 'package-lock.json')), relative(ROOT, kit)).toEqual(expect.arrayContaining(kitPackages(kit)));
    expect(lockedNames(join(KITS.worker, 'package-lock.json'))).toContain('workerd');
  });

  it('gives each kit its own Dependabot entry, wrangler, miniflare and workerd in one group', () => {
    const dependabot = readFileSync(join(ROOT, '.github/dependabot.yml'), 'utf8');
    for (const kit of Object.values(KITS)) expect(dependabot).toContain(`directory: /${relative(ROOT, kit)}\n`);
    const worker = dependabot.slice(dependabot.indexOf(`directory: /${relative(ROOT, KITS.worker)}\n`));
    expect(worker.slice(0, worker.indexOf('package-ecosystem'))).toMatch(/patterns: \[wrangler, miniflare, workerd\]/);
  });

  it('caches, in the workflow, the node_modules of every kit the tests use, keyed on their locks', () => {
    const workflow = readFileSync(join(ROOT, '.github/workflows/site.yml'), 'utf8');
    const kits = readdirSync(join(ROOT, 'tools/kits'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(ROOT, 'tools/kits', e.name));
    expect(kits.sort()).toEqual([...LINKED_KITS].sort());
    const paths = LINKED_KITS.map((kit) => `\\s+${relative(ROOT, kit)}/node_modules\\n`).join('');
    const caches = workflow.match(new RegExp(`path: \\|\\n\\s+node_modules\\n${paths}\\s+key: modules-bookworm-\\$\\{\\{ hashFiles\\('package-lock\\.json', 'tools/kits/\\*/package-lock\\.json'`, 'g'));
    expect(caches).toHaveLength(2);
  });

  it('installs a kit that is missing, leaves it while its lock is the same, and installs it again when its lock changes', () => {
    const kit = mkdtempSync(join(tmpdir(), 'kit-'));
    writeFileSync(join(kit, 'package.json'), JSON.stringify({ name: 'kit-vide', private: true, dependencies: {} }));
    writeFileSync(join(kit, 'package-lock.json'), JSON.stringify({ name: 'kit-vide', lockfileVersion: 3, requires: true, packages: { '': { name: 'kit-vide' } } }));
    cpSync(join(KITS.worker, '.npmrc'), join(kit, '.npmrc'));
    ensureKit(kit, { link: false });
    const marker = join(kit, 'node_modules', 'marque');
    writeFileSync(marker, '');
    ensureKit(kit, { link: false });
    expect(existsSync(marker), 'même lock : rien de réinstallé').toBe(true);
    appendFileSync(join(kit, 'package-lock.json'), '\n');
    ensureKit(kit, { link: false });
    expect(existsSync(marker), 'lock changé : npm ci refait node_modules').toBe(false);
    expect(existsSync(join(kit, 'node_modules', '.kit-lock-sha256'))).toBe(true);
  });

  it('links each package of the kits where tools/ and tests/ import it, to the kit’s own copy', () => {
    for (const kit of LINKED_KITS) {
      ensureKit(kit);
      for (const importer of ['tools', 'tests']) {
        for (const name of kitPackages(kit)) {
          const linked = JSON.parse(readFileSync(join(ROOT, importer, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
          expect(linked.version, `${importer}/node_modules/${name}`).toBe(JSON.parse(readFileSync(join(kit, 'node_modules', name, 'package.json'), 'utf8')).version);
        }
      }
    }
  });
});
