import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from './root.ts';

/**
 * The layers of the code, bottom first (docs/architecture.md « Plan des dossiers »). A file may import from its
 * own folder and from any layer of a lower rank: never up, never sideways into a layer of the
 * same rank. Folders outside src/ sit above all of it: the launcher, then the tools, then the tests.
 */
export const RANKS: Record<string, number> = {
  'src/shared': 0,
  'src/content': 1,
  'src/host': 1,
  'src/islands': 1,
  'src/leads': 1,
  'src/site': 2,
  'src/server': 2,
  'src/client': 2,
  'src/worker': 2,
  'src/render': 3,
  'src/emit': 3,
  'src/engine': 4,
  'src/admin': 4,
  'src/dev': 5,
  'src/cli': 6,
  bin: 7,
  tools: 8,
  tests: 9,
};

/**
 * What the rest of the code may import of the engine: its index, and nothing behind it. Only the
 * launcher's plain JavaScript, which runs before any bundle exists, reads the engine's own plain
 * JavaScript (its fingerprints).
 */
export const ENGINE_DOOR = 'src/engine/index.ts';

const CODE = /\.(ts|tsx|mts|mjs)$/;

function layerOf(file: string): string | undefined {
  return Object.keys(RANKS)
    .filter((layer) => file === layer || file.startsWith(`${layer}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The project files a file imports (static, dynamic and type imports), as paths from the root. */
export function importsOf(file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => relative(ROOT, resolve(ROOT, dirname(file), name)));
}

/** Why an import breaks the layering, or undefined when it follows it. */
export function layeringProblem(from: string, to: string): string | undefined {
  const [a, b] = [layerOf(from), layerOf(to)];
  if (!a || !b) return `${from} → ${to} : hors des couches connues`;
  if (a === b) {
    const island = (f: string) => /^src\/islands\/([^/]+)\//.exec(f)?.[1];
    if (island(from) && island(to) && island(from) !== island(to)) return `${from} → ${to} : un îlot n’entre pas dans un autre`;
    return undefined;
  }
  if (b === 'src/engine' && to !== ENGINE_DOOR && !(from.endsWith('.mjs') && to.endsWith('.mjs'))) return `${from} → ${to} : le moteur s’importe par sa seule porte, ${ENGINE_DOOR}`;
  if (RANKS[b]! < RANKS[a]!) return undefined;
  return `${from} → ${to} : ${a} importe ${b}, ${RANKS[b] === RANKS[a] ? 'une couche du même rang' : 'une couche au-dessus'}`;
}

/** The code files under a folder of the project, as paths from the root. */
export function codeFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && CODE.test(e.name) && !e.parentPath.includes('node_modules') && !e.parentPath.includes('/tools/bench/.work'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

