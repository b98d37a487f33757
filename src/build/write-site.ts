import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Output } from './engine.ts';

export type Body = string | Uint8Array | Output;

/**
 * Writes the whole site into a fresh folder beside `outDir`, then swaps it in, so visitors of a
 * server reading `outDir` never see half a site and a failed build leaves the last good one.
 * A page kept in the build cache, and an alias holding the same bytes as its primary page, is a
 * hard link: one system call instead of a file written (a copy where the file system has none).
 */
export function writeSite(files: ReadonlyMap<string, Body>, outDir: string): void {
  const target = resolve(outDir);
  const parent = dirname(target);
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = join(parent, `.dist-tmp-${stamp}`);
  const retired = join(parent, `.dist-old-${stamp}`);
  mkdirSync(staging, { recursive: true });
  const made = new Set<string>([staging]);
  const writtenAt = new Map<string | Uint8Array, string>();
  try {
    for (const [file, body] of files) {
      const path = join(staging, file);
      const folder = dirname(path);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      const identity = typeof body === 'string' || body instanceof Uint8Array ? body : body.hash;
      const twin = writtenAt.get(identity);
      if (twin !== undefined && tryLink(twin, path)) continue;
      if (typeof body === 'string' || body instanceof Uint8Array) writeFileSync(path, body);
      else if (body.bytes) writeFileSync(path, body.bytes);
      else if (!tryLink(body.stored!.file, path)) copyFileSync(body.stored!.file, path);
      writtenAt.set(identity, path);
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

/** False where the file system has no hard links (some network or FAT volumes) or across devices. */
function tryLink(existing: string, path: string): boolean {
  try {
    linkSync(existing, path);
    return true;
  } catch {
    return false;
  }
}
