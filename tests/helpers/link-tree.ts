import { existsSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Copies a folder as hard links: a build cache copied this way costs nothing, and stays safe to
 * share because the engine never writes a cached file in place (it writes a temporary name and
 * renames it), so a build in the copy can replace or prune its files without touching the source.
 * A file already at the destination is kept: merged into a cache, the source adds what it lacks.
 */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) linkTree(source, join(to, entry.name));
    else if (!existsSync(join(to, entry.name))) linkSync(source, join(to, entry.name));
  }
}
