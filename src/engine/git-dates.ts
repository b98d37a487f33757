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

/** Dates a build read, kept for the next process: the folder, and the stamp of the history they come from. */
export interface KeptDates {
  dir: string;
  stamp: string;
  dates: Record<string, string>;
}

/** The stamp of a folder with no `.git` above it. */
const NO_REPOSITORY = 'none';

/** The dates asked of git under one stamp, the answer once it came, and that answer as the cache keeps it. */
interface Asked {
  stamp: string;
  dates: Promise<Map<string, string>>;
  read?: Map<string, string>;
  kept?: KeptDates;
}

/**
 * lastCommitDates for an engine that builds again and again (the live preview), and from one
 * process to the next through the build cache (`kept`): git is asked again only when the
 * repository's HEAD or its reflog moved (every commit, checkout, reset or pull writes them), or
 * when there is no reflog to tell. Spawning git from a process that holds a 4,000-city site took
 * tens of milliseconds of the main thread at every save, and three git processes at every start,
 * for the same dates.
 */
export class CommitDates {
  private last: Asked | undefined;

  constructor(
    private readonly dir: string,
    kept?: KeptDates,
  ) {
    if (kept?.dir !== dir) return;
    const read = new Map(Object.entries(kept.dates));
    this.last = { stamp: kept.stamp, dates: Promise.resolve(read), read };
  }

  get(): Promise<Map<string, string>> {
    const stamp = repositoryStamp(this.dir);
    if (stamp !== undefined && this.last?.stamp === stamp) return this.last.dates;
    // No .git above the folder: git would find no repository either (a copy of the content in a temporary folder).
    const dates = stamp === NO_REPOSITORY ? Promise.resolve(new Map<string, string>()) : lastCommitDates(this.dir);
    const last: Asked | undefined = stamp === undefined ? undefined : { stamp, dates };
    // Registered first, so it has run by the time a build that awaits the dates goes on.
    void last?.dates.then((read) => (last.read = read));
    this.last = last;
    return dates;
  }

  /** The dates git gave this engine, for the next process; undefined while it has not answered. */
  kept(): KeptDates | undefined {
    const last = this.last;
    if (!last?.read) return undefined;
    return (last.kept ??= { dir: this.dir, stamp: last.stamp, dates: Object.fromEntries(last.read) });
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
  if (!gitDir) return NO_REPOSITORY;
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
