import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
  try {
    for (const [file, body] of files) {
      const path = join(staging, file);
      const folder = dirname(path);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      writeFileSync(path, body);
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
