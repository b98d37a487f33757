/**
 * actions/cache on this machine, for the workflow's replay: each entry a tar file named by its key
 * under the source repository's `.cache/ci-local/`, restored by its exact key, else by the newest
 * entry whose key starts with one of restore-keys, in their order, as GitHub does.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const fileOf = (key: string) => `${key.replace(/[^\w.-]/g, '_')}.tar`;

export interface Restored {
  /** The key of the entry restored, if any. */
  key?: string;
  /** Whether it was the exact key (actions/cache's `cache-hit` output). */
  exact: boolean;
}

export function restoreCache(store: string, key: string, restoreKeys: string[], workspace: string): Restored {
  const entries = existsSync(store) ? readdirSync(store).filter((f) => f.endsWith('.tar')) : [];
  const newest = (prefix: string) =>
    entries
      .filter((f) => f.startsWith(fileOf(prefix).slice(0, -'.tar'.length)))
      .sort((a, b) => statSync(join(store, b)).mtimeMs - statSync(join(store, a)).mtimeMs)[0];
  const exact = entries.includes(fileOf(key)) ? fileOf(key) : undefined;
  const found = exact ?? restoreKeys.map(newest).find(Boolean);
  if (!found) return { exact: false };
  execFileSync('tar', ['-xf', join(store, found), '-C', workspace]);
  return { key: found.slice(0, -'.tar'.length), exact: !!exact };
}

/** Saves the paths that exist under the key; an entry of that key already there is kept, as GitHub's caches are immutable. */
export function saveCache(store: string, key: string, paths: string[], workspace: string): string {
  const file = join(store, fileOf(key));
  if (existsSync(file)) return `clé ${key} déjà gardée`;
  const present = paths.filter((p) => existsSync(join(workspace, p)));
  if (present.length === 0) return 'aucun des chemins n’existe : rien de gardé';
  mkdirSync(store, { recursive: true });
  execFileSync('tar', ['-cf', `${file}.part`, '-C', workspace, ...present]);
  execFileSync('mv', [`${file}.part`, file]);
  return `gardé sous ${key} (${(statSync(file).size / 1e6).toFixed(0)} Mo)`;
}
