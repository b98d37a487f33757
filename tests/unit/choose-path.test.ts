import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { choosePath, eventRange, pathSummary } from '../../tools/ci/choose-path.mjs';
import { githubEnv } from '../../tools/ci/github-env.mjs';

describe('the workflow’s path for a commit', () => {
  it('takes the content path when only content/ or public/ changed, and says so', () => {
    const decision = choosePath(['content/cities/aylmer.md', 'public/favicon-32.png']);
    expect(decision.path).toBe('content');
    const summary = pathSummary(decision);
    expect(summary).toMatch(/^### Chemin du contenu/);
    expect(summary).toContain('- `content/cities/aylmer.md`');
  });

  it('takes the full path for any other file, naming the first', () => {
    const decision = choosePath(['content/site.md', 'src/render/pages/home.tsx', 'package.json']);
    expect(decision).toMatchObject({ path: 'full', why: expect.stringContaining('src/render/pages/home.tsx') });
    expect(pathSummary(decision)).toMatch(/^### Chemin complet\n\nPremier fichier hors de content\/ et public\/ : src\/render\/pages\/home\.tsx\n/);
    expect(choosePath(['contents.md']).path).toBe('full');
  });

  it('takes the full path when the changes are unknown or empty', () => {
    expect(choosePath(undefined)).toMatchObject({ path: 'full', why: expect.stringContaining('inconnus') });
    expect(choosePath([]).path).toBe('full');
  });

  it('lists ten files in the summary and counts the rest', () => {
    const files = Array.from({ length: 13 }, (_, i) => `content/cities/ville-${i}.md`);
    const summary = pathSummary(choosePath(files));
    expect(summary.match(/^- `/gm)).toHaveLength(10);
    expect(summary).toContain('- … et 3 autres');
  });

  it('diffs a push from the commit before it, a pull request from its base, and knows no range for a first push', () => {
    expect(eventRange('push', { before: 'aaa', after: 'bbb' }, 'bbb')).toBe('aaa..bbb');
    expect(eventRange('push', { before: '0'.repeat(40) }, 'bbb')).toBeUndefined();
    expect(eventRange('pull_request', { pull_request: { base: { sha: 'aaa' }, head: { sha: 'ccc' } } }, 'merge')).toBe('aaa...ccc');
    expect(eventRange('workflow_dispatch', {}, 'bbb')).toBeUndefined();
  });
});

describe('node tools/ci/choose-path.mjs, as the workflow runs it', () => {
  const SCRIPT = join(process.cwd(), 'tools/ci/choose-path.mjs');

  /** A repository with a first commit, then one that writes `files`; the step's output and summary for a push of the second. */
  function pushOf(files: string[], before?: string) {
    const dir = mkdtempSync(join(tmpdir(), 'chemin-'));
    const git = (...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { encoding: 'utf8' }).trim();
    git('init', '-q');
    mkdirSync(join(dir, 'content'));
    writeFileSync(join(dir, 'content/site.md'), 'a');
    git('add', '-A');
    git('commit', '-qm', 'un');
    const first = git('rev-parse', 'HEAD');
    for (const file of files) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), 'b');
    }
    git('add', '-A');
    git('commit', '-qm', 'deux');
    const env = githubEnv({ event: 'push', workspace: dir });
    if (before) writeFileSync(env.GITHUB_EVENT_PATH!, JSON.stringify({ before, after: env.GITHUB_SHA }));
    execFileSync(process.execPath, [SCRIPT], { cwd: dir, env: { PATH: process.env.PATH, ...env } });
    const result = { output: readFileSync(env.GITHUB_OUTPUT!, 'utf8'), summary: readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8'), first };
    rmSync(dir, { recursive: true, force: true });
    return result;
  }

  it('writes the content path for a push of city files, with the files in the job summary', () => {
    const { output, summary } = pushOf(['content/cities/aylmer.md', 'public/robots.txt']);
    expect(output).toBe('path=content\n');
    expect(summary).toContain('- `content/cities/aylmer.md`');
  });

  it('writes the full path for a push that changes code, and for a base the clone does not have', () => {
    expect(pushOf(['content/site.md', 'src/x.ts']).output).toBe('path=full\n');
    const unknown = pushOf(['content/cities/aylmer.md'], 'f'.repeat(40));
    expect(unknown.output).toBe('path=full\n');
    expect(unknown.summary).toContain('inconnus');
  });
});
