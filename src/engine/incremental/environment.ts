import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { currentEnvironmentFiles, type EnvironmentFiles } from '../project-root.ts';
import { atomicWrite } from './atomic-write.ts';

/**
 * What every cached result was made in, above the fine keys (each kind's code, each file's bytes):
 * the files a bundle fixes (fingerprint.mjs: engineKeys) and the Node that runs, whose ICU shapes
 * dates, numbers and sorting in the pages.
 */
export type Environment = EnvironmentFiles & { node: string };

/** Each input as `--explain` names it. */
const INPUT_NAMES: Record<keyof Environment, string> = {
  patches: 'patches/',
  tsconfig: 'tsconfig.json',
  lock: 'package-lock.json',
  code: 'le code du moteur',
  node: 'la version de Node (ou d’ICU)',
};

const FILE = 'environment.json';

/** Node's version, with ICU's and the Unicode it knows. */
export function nodeVersions(versions: NodeJS.ProcessVersions = process.versions): string {
  return `node ${versions.node} icu ${versions.icu ?? '-'} unicode ${versions.unicode ?? '-'}`;
}

/** The environment this process builds in. */
export function currentEnvironment(): Environment {
  return { ...currentEnvironmentFiles(), node: nodeVersions() };
}

/**
 * Empties the cache's folder `dir` when the environment it was made in is not `now`, before
 * anything reads it: any entry may then be wrong, whatever its fine key says. Returns why, in the
 * build's words (`--explain`), or undefined when the cache is kept or there was none to empty.
 */
export function settleEnvironment(dir: string, now: Environment): string | undefined {
  const file = join(dir, FILE);
  const before = readEnvironment(file);
  const changed = (Object.keys(INPUT_NAMES) as (keyof Environment)[]).filter((input) => before?.[input] !== now[input]);
  if (changed.length === 0) return undefined;
  const had = existsSync(dir);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  atomicWrite(file, JSON.stringify(now));
  if (!had) return undefined;
  if (!before) return 'empreinte de l’environnement : le cache n’en avait pas';
  const names = changed.map((input) => INPUT_NAMES[input]);
  return `empreinte de l’environnement : ${names.join(', ')} ${names.length > 1 ? 'ont' : 'a'} changé`;
}

function readEnvironment(file: string): Partial<Environment> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Environment>;
  } catch {
    return undefined;
  }
}
