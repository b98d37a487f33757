import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommitDates, lastCommitDates } from '../../src/engine/index.ts';
import { sitemapXml } from '../../src/emit/sitemap.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';

function repository() {
  const dir = mkdtempSync(join(tmpdir(), 'depot-'));
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { env: hermeticEnv({ GIT_CONFIG_GLOBAL: '/dev/null' }) });
  git('init', '-q');
  mkdirSync(join(dir, 'content/cities'), { recursive: true });
  const commit = (file: string, date: string) => {
    writeFileSync(join(dir, file), date);
    git('add', '.');
    execFileSync('git', ['-C', dir, '-c', 'user.name=Rédaction', '-c', 'user.email=redaction@exemple.ca', 'commit', '-q', '-m', file], {
      env: hermeticEnv({ GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date }),
    });
  };
  return { dir, git, commit };
}

describe('sitemap lastmod from git', () => {
  it('dates each file by the last commit that touched it, in one git call', async () => {
    const repo = repository();
    repo.commit('content/cities/hull.md', '2026-01-05T10:00:00+00:00');
    repo.commit('content/site.md', '2026-02-10T09:30:00+00:00');
    repo.commit('content/cities/hull.md', '2026-03-01T08:00:00+00:00');
    const dates = await lastCommitDates(join(repo.dir, 'content'));
    expect(dates.get(join(repo.dir, 'content/cities/hull.md'))).toBe('2026-03-01T08:00:00+00:00');
    expect(dates.get(join(repo.dir, 'content/site.md'))).toBe('2026-02-10T09:30:00+00:00');
  });

  it('knows no date outside a repository or in a shallow clone, rather than a wrong one', async () => {
    expect((await lastCommitDates(mkdtempSync(join(tmpdir(), 'sans-git-')))).size).toBe(0);
    expect((await new CommitDates(mkdtempSync(join(tmpdir(), 'sans-git-'))).get()).size).toBe(0);
    const repo = repository();
    repo.commit('content/site.md', '2026-02-10T09:30:00+00:00');
    repo.commit('content/cities/hull.md', '2026-03-01T08:00:00+00:00');
    const clone = mkdtempSync(join(tmpdir(), 'clone-'));
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone]);
    expect((await lastCommitDates(join(clone, 'content'))).size).toBe(0);
  });

  it('asks git again, for an engine that builds again and again, only once a commit moved the history', async () => {
    const repo = repository();
    repo.commit('content/cities/hull.md', '2026-01-05T10:00:00+00:00');
    const dates = new CommitDates(join(repo.dir, 'content'));
    const first = dates.get();
    expect(dates.get()).toBe(first);
    repo.commit('content/cities/hull.md', '2026-03-01T08:00:00+00:00');
    expect((await dates.get()).get(join(repo.dir, 'content/cities/hull.md'))).toBe('2026-03-01T08:00:00+00:00');
  });

  it('takes, in a new process, the dates the last build kept while the history has not moved; asks git once a commit moved it; never takes another folder’s', async () => {
    const repo = repository();
    repo.commit('content/cities/hull.md', '2026-01-05T10:00:00+00:00');
    const content = join(repo.dir, 'content');
    const hull = join(content, 'cities/hull.md');
    const last = new CommitDates(content);
    expect(last.kept()).toBeUndefined();
    await last.get();
    // A date git would never give: found again only if the kept dates were taken without asking it.
    const kept = { ...last.kept()!, dates: { [hull]: 'gardée' } };
    const next = new CommitDates(content, kept);
    expect((await next.get()).get(hull)).toBe('gardée');
    expect(next.kept()).toEqual(kept);
    expect((await new CommitDates(join(repo.dir, 'content/cities'), kept).get()).get(hull)).toBe('2026-01-05T10:00:00+00:00');
    repo.commit('content/cities/hull.md', '2026-03-01T08:00:00+00:00');
    expect((await next.get()).get(hull)).toBe('2026-03-01T08:00:00+00:00');
  });

  it('writes lastmod only where a date is known', () => {
    const route = (path: string) => ({ path, canonical: path, page: { template: 'about' as const }, indexable: true, locale: 'fr' as const, alternates: {} });
    const xml = sitemapXml('https://www.exemple.ca', [route('/a-propos'), route('/contact')], (r) => (r.path === '/contact' ? '2026-03-01T08:00:00+00:00' : undefined));
    expect(xml).toContain('<url><loc>https://www.exemple.ca/a-propos</loc></url>');
    expect(xml).toContain('<url><loc>https://www.exemple.ca/contact</loc><lastmod>2026-03-01T08:00:00+00:00</lastmod></url>');
  });
});
