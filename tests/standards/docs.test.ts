import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles } from '../../tools/lib/layers.ts';
import { ROOT } from '../../tools/lib/root.ts';

// What the docs say about where code lives is checked here, as their sample messages are by
// tests/guide/guide.test.ts: a file renamed or moved makes the doc that names it fail.
const DOCS = ['README.md', 'GUIDE.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Folders of the project a path in backquotes may start with. */
const PROJECT_PATH = /^(src|tests|tools|bin|docs|migrations|public|\.github)\/[\w./-]*$/;
/** Files a doc tells the reader to create: the worked example of « Ajouter un type de page » (tests/build/page-kind.test.ts makes it). */
const TO_CREATE = new Set(['src/render/pages/pricing.tsx']);
/** A bare code file name (`read-files.ts`): it must name a file of the code. */
const CODE_FILE = /^[\w-]+\.(ts|tsx|mjs)$/;

/** Every `…` span of a doc, outside fenced blocks (commands and their output). */
function codeSpans(text: string): string[] {
  return [...text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
}

/**
 * Every file git holds, and every folder on their way: what a fresh clone has. A file git ignores
 * (a local probe, a report) exists here but not where CI reads the docs. Outside a git checkout,
 * the files on disk.
 */
function inRepository(): (path: string) => boolean {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) return (path) => existsSync(join(ROOT, path));
  const held = new Set<string>();
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const parts = file.split('/');
    for (let i = 1; i <= parts.length; i++) held.add(parts.slice(0, i).join('/'));
  }
  return (path) => held.has(path);
}
const tracked = inRepository();

function unknownPaths(text: string, codeNames: Set<string>): string[] {
  return codeSpans(text).filter((span) => {
    if (PROJECT_PATH.test(span)) return !TO_CREATE.has(span) && !tracked(span.replace(/\/$/, ''));
    if (CODE_FILE.test(span)) return !codeNames.has(span);
    return false;
  });
}

describe('the docs name code where it is', () => {
  const codeNames = new Set(['src', 'tools', 'tests', 'bin'].flatMap((dir) => codeFiles(dir)).map((file) => file.split('/').pop()!));

  it('names only files and folders that exist, in the README, the guide and every doc', () => {
    const wrong = DOCS.flatMap((doc) => unknownPaths(read(doc), codeNames).map((span) => `${doc} : \`${span}\``));
    expect(wrong).toEqual([]);
  });

  it('links the README to every doc, and every link between docs reaches a file', () => {
    const readme = read('README.md');
    for (const doc of DOCS.filter((d) => d.startsWith('docs/'))) expect(readme, doc).toContain(`](${doc})`);
    const broken = DOCS.flatMap((doc) =>
      [...read(doc).matchAll(/\]\(([^)#\s]+\.md)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((target) => !existsSync(join(ROOT, doc.includes('/') ? 'docs' : '', target))).map((target) => `${doc} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('catches a path that no longer exists (the check can fail)', () => {
    expect(unknownPaths('Le lien est vérifié par `src/engine/check-links.ts` et `phases/nulle-part.ts`, puis `verifier-liens.ts`.', codeNames)).toEqual(['verifier-liens.ts']);
    expect(unknownPaths('`src/engine/vieux-fichier.ts` et `docs/absent.md`', codeNames)).toEqual(['src/engine/vieux-fichier.ts', 'docs/absent.md']);
  });
});
