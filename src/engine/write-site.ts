import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { tryLink } from './dist-writer.ts';

/**
 * Writes a site held in memory into a fresh folder beside `outDir`, then swaps it in whole; an
 * alias page (the same string as its primary) is a hard link. For tools and tests: the build
 * itself writes through DistWriter, page by page as they come.
 */
export function writeSite(files: ReadonlyMap<string, string | Uint8Array>, outDir: string): void {
  const target = resolve(outDir);
  const parent = dirname(target);
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = join(parent, `.dist-tmp-${stamp}`);
  const retired = join(parent, `.dist-old-${stamp}`);
  mkdirSync(staging, { recursive: true });
  const made = new Set<string>();
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
