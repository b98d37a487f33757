import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
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
    const kit = emptyKit();
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

  it('waits while another process installs the same kit, then installs nothing once that one is done', async () => {
    const kit = emptyKit();
    // Held by this process, alive: as if another command were installing the kit right now.
    mkdirSync(join(kit, '.installing'));
    writeFileSync(join(kit, '.installing', 'pid'), String(process.pid));
    const ensure = pathToFileURL(join(ROOT, 'tools/kits/ensure.mjs')).href;
    const child = spawn(process.execPath, ['--input-type=module', '-e', `const { ensureKit } = await import(${JSON.stringify(ensure)}); ensureKit(${JSON.stringify(kit)}, { link: false });`]);
    let said = '';
    await new Promise<void>((waiting) =>
      child.stderr.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('attente de la fin de son installation')) waiting();
      }),
    );
    // The other process finishes: its install in place, its lock released.
    mkdirSync(join(kit, 'node_modules'));
    writeFileSync(join(kit, 'node_modules', 'marque'), '');
    writeFileSync(join(kit, 'node_modules', '.kit-lock-sha256'), createHash('sha256').update(readFileSync(join(kit, 'package-lock.json'))).digest('hex'));
    rmSync(join(kit, '.installing'), { recursive: true });
    const code = await new Promise((exited) => child.on('exit', exited));
    expect(code).toBe(0);
    expect(said).not.toContain('Installation de');
    expect(existsSync(join(kit, 'node_modules', 'marque')), 'rien de réinstallé').toBe(true);
  });

  it('takes over the lock of an install whose process is gone', () => {
    const kit = emptyKit();
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
    mkdirSync(join(kit, '.installing'));
    writeFileSync(join(kit, '.installing', 'pid'), gone);
    ensureKit(kit, { link: false });
    expect(existsSync(join(kit, 'node_modules', '.kit-lock-sha256'))).toBe(true);
    expect(existsSync(join(kit, '.installing'))).toBe(false);
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

/** A kit with no packages: `npm ci` there is quick and needs no network. */
function emptyKit(): string {
  const kit = mkdtempSync(join(tmpdir(), 'kit-'));
  writeFileSync(join(kit, 'package.json'), JSON.stringify({ name: 'kit-vide', private: true, dependencies: {} }));
  writeFileSync(join(kit, 'package-lock.json'), JSON.stringify({ name: 'kit-vide', lockfileVersion: 3, requires: true, packages: { '': { name: 'kit-vide' } } }));
  cpSync(join(KITS.worker, '.npmrc'), join(kit, '.npmrc'));
  return kit;
}
