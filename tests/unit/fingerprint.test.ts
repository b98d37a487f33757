import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineFingerprints } from '../../src/engine/fingerprint.mjs';

/** A project with one file in each folder that the fingerprints read. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'projet-'));
  for (const dir of ['src/content', 'src/render', 'src/styles']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'src/content/schema.ts'), 'export const a = 1;');
  writeFileSync(join(root, 'src/render/page.tsx'), 'export const b = 2;');
  writeFileSync(join(root, 'src/styles/site.css'), 'body { color: black }');
  writeFileSync(join(root, 'package-lock.json'), '{"packages":{"node_modules/remark":{"version":"15.0.1"}}}');
  return root;
}

function after(change: (root: string) => void) {
  const root = project();
  const before = engineFingerprints(root);
  const copy = mkdtempSync(join(tmpdir(), 'projet-'));
  cpSync(root, copy, { recursive: true });
  change(copy);
  const now = engineFingerprints(copy);
  return { content: now.content !== before.content, render: now.render !== before.render };
}

describe('what invalidates cached builds', () => {
  it('stays the same for the same files', () => {
    const root = project();
    expect(engineFingerprints(root)).toEqual(engineFingerprints(root));
  });

  it('a content schema change invalidates parsed content and rendered pages', () => {
    expect(after((r) => writeFileSync(join(r, 'src/content/schema.ts'), 'export const a = 2;'))).toEqual({ content: true, render: true });
  });

  it('a template change invalidates rendered pages only', () => {
    expect(after((r) => writeFileSync(join(r, 'src/render/page.tsx'), 'export const b = 3;'))).toEqual({ content: false, render: true });
  });

  it('a dependency version change invalidates both', () => {
    expect(after((r) => writeFileSync(join(r, 'package-lock.json'), '{"packages":{"node_modules/remark":{"version":"15.0.2"}}}'))).toEqual({ content: true, render: true });
  });

  it('a stylesheet change invalidates neither: its new file name reaches the pages through the site data', () => {
    expect(after((r) => writeFileSync(join(r, 'src/styles/site.css'), 'body { color: red }'))).toEqual({ content: false, render: false });
  });

  it('a new file counts, not only changed ones', () => {
    expect(after((r) => writeFileSync(join(r, 'src/render/nouveau.tsx'), ''))).toEqual({ content: false, render: true });
  });
});
