import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The date of the last commit that touched each file under `dir`, from one `git log`, keyed by
 * absolute path. Empty when there is no git, no repository, or only part of the history (a
 * shallow clone would date every file to its one commit): the sitemap then leaves `lastmod` out
 * rather than state a wrong date.
 */
export function lastCommitDates(dir: string): Promise<Map<string, string>> {
  const git = (args: string[]) =>
    new Promise<string>((done, fail) => execFile('git', ['-C', dir, ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => (error ? fail(error) : done(stdout))));
  return (async () => {
    const [top, shallow] = await Promise.all([git(['rev-parse', '--show-toplevel']), git(['rev-parse', '--is-shallow-repository'])]);
    if (shallow.trim() !== 'false') return new Map<string, string>();
    const root = top.trim();
    const log = await git(['log', '--format=%x00%cI', '--name-only', '--no-renames', '--', '.']);
    const dates = new Map<string, string>();
    let date = '';
    for (const line of log.split('\n')) {
      if (line.startsWith('\0')) date = line.slice(1);
      else if (line && !dates.has(resolve(root, line))) dates.set(resolve(root, line), date);
    }
    return dates;
  })().catch(() => new Map<string, string>());
}

/**
 * lastCommitDates for an engine that builds again and again (the live preview): git is asked
 * again only when the repository's HEAD or its reflog moved (every commit, checkout, reset or pull
 * writes them), or when there is no reflog to tell. Spawning git from a process that holds a
 * 4,000-city site took tens of milliseconds of the main thread at every save, for the same dates.
 */
export class CommitDates {
  private last: { stamp: string; dates: Promise<Map<string, string>> } | undefined;

  constructor(private readonly dir: string) {}

  get(): Promise<Map<string, string>> {
    const stamp = repositoryStamp(this.dir);
    if (stamp !== undefined && this.last?.stamp === stamp) return this.last.dates;
    const dates = lastCommitDates(this.dir);
    this.last = stamp === undefined ? undefined : { stamp, dates };
    return dates;
  }
}

/**
 * What moves when the history git would read moves: the size, time and inode of the git folder's
 * HEAD, reflog and shallow file; « none » where no `.git` is found above `dir` (git would find no
 * repository either). Undefined when git may read another folder (GIT_DIR) or keeps no reflog.
 */
function repositoryStamp(dir: string): string | undefined {
  if (process.env.GIT_DIR) return undefined;
  const gitDir = gitFolder(resolve(dir));
  if (!gitDir) return 'none';
  const stamps = ['HEAD', 'logs/HEAD', 'shallow'].map((name) => {
    const stat = statSync(join(gitDir, name), { throwIfNoEntry: false });
    return stat && `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  });
  return stamps[0] && stamps[1] ? `${gitDir} ${stamps.join(' ')}` : undefined;
}

/** The git folder of the repository holding `dir`: a `.git` folder, or the one a `.git` file names (a worktree). */
function gitFolder(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const dotGit = join(at, '.git');
    const stat = statSync(dotGit, { throwIfNoEntry: false });
    if (stat?.isDirectory()) return dotGit;
    if (stat?.isFile()) {
      const named = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1];
      return named ? resolve(at, named.trim()) : undefined;
    }
    if (dirname(at) === at) return undefined;
  }
}
