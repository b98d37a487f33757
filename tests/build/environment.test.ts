import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineKeys, type Environment, nodeVersions } from '../../src/engine/index.ts';
import { build, digests, temp } from '../helpers/engine-build.ts';
import { copySite } from '../helpers/fixture-site.ts';

const ROOT = join(import.meta.dirname, '../..');

/** A copy of what the environment's fingerprint reads, which the tests edit one input at a time. */
let project: string;
let content: ReturnType<typeof copySite>;
let cacheDir: string;
let outDir: string;
let reference: Record<string, string>;
let environment: Environment;

const environmentOf = (root: string, node = nodeVersions()): Environment => ({ ...engineKeys(root).environment, node });
const edit = (file: string, change: (text: string) => string) => writeFileSync(join(project, file), change(readFileSync(join(project, file), 'utf8')));

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'environnement-'));
  for (const input of ['src', 'patches', 'tsconfig.json', 'package-lock.json']) cpSync(join(ROOT, input), join(project, input), { recursive: true });
  content = copySite();
  cacheDir = temp('cache-');
  outDir = join(temp('out-'), 'dist');
  environment = environmentOf(project);
  const first = await build({ contentDir: content.dir, cacheDir, outDir, environment });
  reference = digests(first);
});
afterAll(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(content.dir, { recursive: true, force: true });
});

/** A build in `next`, after the last one: everything it redid, and why it says it did. */
async function buildIn(next: Environment) {
  environment = next;
  const built = await build({ contentDir: content.dir, cacheDir, outDir, environment });
  expect(digests(built)).toEqual(reference);
  return { setAside: built.cacheSetAside, rendered: built.stats.rendered, pages: built.stats.pages, parsed: built.stats.parsed, files: built.stats.files, written: built.stats.written };
}

describe('one environment fingerprint above the fine keys: a change there redoes everything, and says which input changed', () => {
  it('reuses everything in the same environment, and says nothing of it', async () => {
    expect(await buildIn(environment)).toMatchObject({ setAside: undefined, rendered: 0, parsed: 0, written: 'update' });
  });

  it.each([
    ['patches/', () => appendFileSync(join(project, 'patches', 'mdast-util-from-markdown+2.1.0.patch'), '\n')],
    ['tsconfig.json', () => edit('tsconfig.json', (t) => t.replace('"target": "ES2022"', '"target": "ES2023"'))],
    ['package-lock.json', () => edit('package-lock.json', (t) => t.replace(/("node_modules\/gray-matter": \{\s*"version": ")[^"]+"/, '$19.9.9"'))],
    ['le code du moteur', () => edit('src/engine/incremental/build-state.ts', (t) => `${t}\n// changé\n`)],
  ])('redoes every page and every file when %s changes, and names it', async (name, change) => {
    const before = environmentOf(project);
    change();
    const next = environmentOf(project);
    expect(next).not.toEqual(before);
    const redone = await buildIn(next);
    expect(redone).toMatchObject({ setAside: `empreinte de l’environnement : ${name} a changé`, rendered: redone.pages, parsed: redone.files, written: 'fresh' });
  });

  it('redoes everything when Node or its ICU changes', async () => {
    const redone = await buildIn({ ...environment, node: nodeVersions({ ...process.versions, icu: '0.0' }) });
    expect(redone).toMatchObject({ setAside: 'empreinte de l’environnement : la version de Node (ou d’ICU) a changé', rendered: redone.pages, parsed: redone.files, written: 'fresh' });
  });

  it('leaves the environment as it is for code a kind’s key holds: a template edit redoes its pages only', () => {
    const before = environmentOf(project);
    edit('src/render/pages/city.tsx', (t) => `${t}\n// changé\n`);
    expect(environmentOf(project)).toEqual(before);
  });
});
