import { existsSync, linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Writes the whole site into a fresh folder beside `outDir`, then swaps it in, so visitors of a
 * server reading `outDir` never see half a site and a failed build leaves the last good one.
 */
export function writeSite(files: ReadonlyMap<string, string | Uint8Array>, outDir: string): void {
  const target = resolve(outDir);
  const parent = dirname(target);
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = join(parent, `.dist-tmp-${stamp}`);
  const retired = join(parent, `.dist-old-${stamp}`);
  mkdirSync(staging, { recursive: true });
  const made = new Set<string>();
  // An alias page is the same HTML as its primary: a hard link stores it once and writes it in
  // no time; hosts and deploy tools see two ordinary files.
  const writtenAt = new Map<string | Uint8Array, string>();
  try {
    for (const [file, body] of files) {
      const path = join(staging, file);
      const folder = dirname(path);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      const twin = writtenAt.get(body);
      if (twin === undefined || !tryLink(twin, path)) writeFileSync(path, body);
      writtenAt.set(body, path);
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const hadPrevious = existsSync(target);
  if (hadPrevious) renameSync(target, retired);
  renameSync(staging, target);
  if (hadPrevious) rmSync(retired, { recursive: true, force: true });
}

/** False where the file system has no hard links (some network or FAT volumes): write a copy. */
function tryLink(existing: string, path: string): boolean {
  try {
    linkSync(existing, path);
    return true;
  } catch {
    return false;
  }
}
