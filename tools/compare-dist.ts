/**
 * `npm run compare-dist -- [--before REF] [--content DIR]`: builds the site at REF (default: the
 * commit before the redesign) in a scratch worktree and at the working tree, with no cache, and
 * says whether the two dist/ folders are the same. `--content` builds another content folder
 * instead of content/: a generated site of thousands of cities goes through the worker threads,
 * the real one never does. Hashed asset names are compared by their bytes: a name may differ
 * only when esbuild's chunk hash does (it covers module paths), never the bytes behind it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { before: { type: 'string', default: 'b9d1f85' }, content: { type: 'string' } } });
const content = values.content ? ['--content', resolve(values.content)] : [];
const ROOT = process.cwd();
const HASHED = /\b([a-z]+)-[A-Za-z0-9]{8,10}\.(js|css)\b/g;

function build(project: string, out: string): void {
  const launcher = ['bin/cli.mjs', 'scripts/cli.mjs'].find((f) => existsSync(join(project, f)))!;
  const run = spawnSync(process.execPath, [launcher, 'build', '--no-cache', ...content, '--out', out], { cwd: project, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`la construction a échoué dans ${project} :\n${run.stdout}${run.stderr}`);
}

/**
 * `from`'s files as the scratch worktree's own: hard links, or copies on another volume. A
 * symbolic link to the working tree's node_modules would not do: esbuild follows it, and the hash
 * in each chunk's name covers its modules' paths from the project, which would then run through
 * the link's target (`../../…/node_modules/…`), a path that depends on where the two folders sit;
 * the entry script names the chunks, and `_headers` allows that script by its hash.
 */
function mirror(from: string, to: string): void {
  const folders = new Set<string>();
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const source = join(entry.parentPath, entry.name);
    const target = join(to, relative(from, source));
    if (!folders.has(dirname(target))) {
      mkdirSync(dirname(target), { recursive: true });
      folders.add(dirname(target));
    }
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** Every file of a folder, keyed by its path with hashed names made neutral, each key's contents sorted. */
function normalized(dir: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).replace(HASHED, '$1-#.$2');
    const bytes = readFileSync(join(entry.parentPath, entry.name));
    const text = /\.(html|js|css|xml|txt)$|_headers$/.test(path) ? bytes.toString('utf8').replace(HASHED, '$1-#.$2') : bytes.toString('base64');
    files.set(path, [...(files.get(path) ?? []), text].sort());
  }
  return files;
}

const scratch = mkdtempSync(join(tmpdir(), 'compare-dist-'));
try {
  const worktree = join(scratch, 'before');
  const added = spawnSync('git', ['worktree', 'add', '--detach', worktree, values.before], { encoding: 'utf8' });
  if (added.status !== 0) throw new Error(added.stderr);
  mirror(resolve(ROOT, 'node_modules'), join(worktree, 'node_modules'));
  build(worktree, join(scratch, 'dist-before'));
  build(ROOT, join(scratch, 'dist-after'));
  const before = normalized(join(scratch, 'dist-before'));
  const after = normalized(join(scratch, 'dist-after'));
  const differing = [...new Set([...before.keys(), ...after.keys()])].filter((path) => JSON.stringify(before.get(path)) !== JSON.stringify(after.get(path)));
  if (differing.length > 0) {
    console.error(`dist/ diffère de ${values.before} (${differing.length} fichiers) :\n${differing.map((p) => `  ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(`dist/ identique à celui de ${values.before} : ${after.size} fichiers, octet pour octet (noms hachés comparés par leur contenu).`);
  }
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', join(scratch, 'before')]);
  rmSync(scratch, { recursive: true, force: true });
}
