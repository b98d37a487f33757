import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineFingerprints, type FingerprintKind, fingerprintInputs } from '../../src/engine/index.ts';

const ROOT = join(import.meta.dirname, '../..');
const KINDS: FingerprintKind[] = ['content', 'render', 'card', 'assets', 'checklist', 'photos'];

/** A copy of the project's code and lock file, which the tests edit and put back. */
let copy: string;
let graphs: ReturnType<typeof fingerprintInputs>;
let before: ReturnType<typeof engineFingerprints>;

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'empreintes-'));
  cpSync(join(ROOT, 'src'), join(copy, 'src'), { recursive: true });
  cpSync(join(ROOT, 'package-lock.json'), join(copy, 'package-lock.json'));
  graphs = fingerprintInputs(copy);
  before = engineFingerprints(copy);
});

/**
 * The kinds whose fingerprint moves while `change` is applied to `file`; the file is put back
 * after. `sameImports`: the change adds no import, so the graphs followed before still hold.
 */
function movedBy(file: string, change: (text: string) => string, sameImports = false): FingerprintKind[] {
  const path = join(copy, file);
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, change(text));
  try {
    const now = engineFingerprints(copy, sameImports ? graphs : undefined);
    return KINDS.filter((kind) => now[kind] !== before[kind]);
  } finally {
    writeFileSync(path, text);
  }
}

const withComment = (text: string) => `${text}\n// changé\n`;
const holding = (file: string) => KINDS.filter((kind) => graphs[kind].includes(file));

describe('what invalidates cached builds: the import graph of the code that computes each kind', () => {
  it('stays the same for the same files', () => {
    expect(engineFingerprints(copy)).toEqual(before);
  });

  it('follows the imports to the files a computation reads: the page-kind table parses content (its keepTokens) and renders pages', () => {
    expect(holding('src/site/page-kinds.ts')).toEqual(['content', 'render']);
    expect(holding('src/render/pages/city.tsx')).toEqual(['render']);
    expect(holding('src/shared/card/card-template.tsx')).toEqual(['card']);
    expect(holding('src/islands/faq/client.tsx')).toEqual(['assets']);
    expect(holding('src/engine/photos/encoder.ts')).toEqual(['photos']);
    expect(graphs.photos).toContain('package-lock.json#sharp');
  });

  it('moves every kind whose graph holds a changed file, and only those, for each file of every graph', () => {
    const files = [...new Set(KINDS.flatMap((kind) => graphs[kind]))].filter((file) => !file.startsWith('package-lock.json'));
    expect(files.length).toBeGreaterThan(80);
    // A comment changes no import: the graphs are followed once, the files hashed at each change.
    const wrong = files.map((file) => ({ file, moved: movedBy(file, withComment, true), expected: holding(file) })).filter(({ moved, expected }) => moved.join() !== expected.join());
    expect(wrong).toEqual([]);
  });

  it('moves nothing for code no computation imports: the servers, the CLI, the stylesheet (its hash reaches pages through its file name)', () => {
    const untouched = ['src/server/static-server.ts', 'src/cli/build.ts', 'src/styles/site.css'];
    for (const file of untouched) expect(holding(file), file).toEqual([]);
    expect(untouched.flatMap((file) => movedBy(file, withComment))).toEqual([]);
  });

  it('takes in a file as soon as an import reaches it', () => {
    writeFileSync(join(copy, 'src/site/nouveau.ts'), 'export const NOUVEAU = 1;\n');
    const imported = (text: string) => `import { NOUVEAU } from './nouveau.ts';\nexport const AUSSI = NOUVEAU;\n${text}`;
    expect(movedBy('src/site/page-kinds.ts', imported)).toEqual(['content', 'render']);
    const path = join(copy, 'src/site/page-kinds.ts');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, imported(text));
    try {
      const withImport = engineFingerprints(copy);
      appendFileSync(join(copy, 'src/site/nouveau.ts'), 'export const AUTRE = 2;\n');
      const now = engineFingerprints(copy);
      expect(KINDS.filter((kind) => now[kind] !== withImport[kind])).toEqual(['content', 'render']);
    } finally {
      writeFileSync(path, text);
    }
  });

  it('moves the kinds that import a package when its locked version, or that of a package it depends on, changes; and no kind for a package none imports', () => {
    const locked = JSON.parse(readFileSync(join(copy, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string; dependencies?: Record<string, string> }> };
    const bump = (path: string) => (text: string) => {
      const lock = JSON.parse(text) as typeof locked;
      lock.packages[path]!.version += '-autre';
      return JSON.stringify(lock, null, 2);
    };
    const importing = (pkg: string) => KINDS.filter((kind) => graphs[kind].includes(`package-lock.json#${pkg}`));
    expect(importing('satori')).toEqual(['card']);
    expect(movedBy('package-lock.json', bump('node_modules/satori'))).toEqual(['card']);
    // One of satori's own dependencies, wherever Node would find it.
    const [dependency] = Object.keys(locked.packages['node_modules/satori']!.dependencies ?? {});
    const path = locked.packages[`node_modules/satori/node_modules/${dependency}`] ? `node_modules/satori/node_modules/${dependency}` : `node_modules/${dependency}`;
    expect(movedBy('package-lock.json', bump(path))).toEqual(['card']);
    // A tool of the tests: every cached page, card and bundle stays valid.
    expect(movedBy('package-lock.json', bump('node_modules/typescript-native'))).toEqual([]);
  });
});

describe('the build computes through the fingerprinted entries only', () => {
  // A thread that parsed or rendered through another module would make values whose key misses
  // that module's graph: the one path from a file to its entry or a page is the build core's call
  // of the entry itself.
  const CORE = 'src/engine/incremental/worker-core.ts';
  const COMPUTING = { 'src/content/parse-entry.ts': CORE, 'src/render/render-page.tsx': CORE };

  it('imports the content parser and the page renderer (as values) only in the build threads’ core, which calls them', () => {
    expect(holding('src/content/parse-entry.ts')).toEqual(['content']);
    expect(holding('src/render/render-page.tsx')).toEqual(['render']);
    const engineFiles = readdirSync(join(ROOT, 'src/engine'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx|mjs)$/.test(f)).map((f) => `src/engine/${f}`);
    const importers = Object.fromEntries(
      Object.keys(COMPUTING).map((target) => {
        const name = target.split('/').pop()!;
        const valueImport = new RegExp(`^import (?!type )[^;]*from '[./]*[^']*/${name.replace('.', '\\.')}';`, 'm');
        return [target, engineFiles.filter((f) => valueImport.test(readFileSync(join(ROOT, f), 'utf8')))];
      }),
    );
    expect(importers).toEqual(Object.fromEntries(Object.entries(COMPUTING).map(([target, entry]) => [target, [entry]])));
  });
});
