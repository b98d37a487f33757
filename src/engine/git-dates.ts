import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

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
