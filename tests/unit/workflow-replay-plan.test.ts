import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { condition, type ExpressionContext } from '../../tools/ci/expressions.ts';
import { ACTION_STAND_INS, aptPackages, replayOf, WORKER_BUNDLE_DIR } from '../../tools/ci/stand-ins.ts';
import { globMatcher, parseStepFile } from '../../tools/ci/step-files.ts';
import { planWorkflow } from '../../tools/ci/workflow-plan.ts';

const WORKFLOW = readFileSync('.github/workflows/site.yml', 'utf8');

const step = (over: Partial<Parameters<typeof replayOf>[0]>) => ({ title: 't', env: {}, with: {}, ...over });

describe('the workflow’s replay: its plan and its stand-ins', () => {
  it('orders jobs after those they need and names steps as GitHub shows them', () => {
    const jobs = planWorkflow(`
jobs:
  deploy:
    needs: check
    steps:
      - uses: actions/checkout@0123 # v1
  check:
    env: { CI: "true" }
    steps:
      - name: Named
        run: echo a
      - run: |
          npm test
          echo done
`);
    expect(jobs.map((j) => j.id)).toEqual(['check', 'deploy']);
    expect(jobs[0]!.steps.map((s) => s.title)).toEqual(['Named', 'Run npm test']);
    expect(jobs[0]!.env).toEqual({ CI: 'true' });
    expect(jobs[1]!.steps[0]!.title).toBe('Run actions/checkout@0123');
  });

  it('has a stand-in for every action the workflow uses, and evaluates every if: of it', () => {
    const ctx: ExpressionContext = { github: { event_name: 'push', ref: 'refs/heads/main', sha: 'a', repository: 'o/s' }, vars: {}, secrets: {}, steps: {}, hashFiles: () => '' };
    const jobs = planWorkflow(WORKFLOW);
    const steps = jobs.flatMap((j) => j.steps);
    expect(steps.filter((s) => s.uses).length).toBeGreaterThan(0);
    for (const s of steps) expect(() => replayOf(s), s.title).not.toThrow();
    for (const text of [...jobs.map((j) => j.if), ...steps.map((s) => s.if)].filter((t) => t !== undefined)) expect(() => condition(text, ctx), text).not.toThrow();
  });

  it('documents each stand-in in docs/deploy.md’s « Rejouer le workflow avant le premier push »', () => {
    const deploy = readFileSync('docs/deploy.md', 'utf8');
    const section = deploy.slice(deploy.indexOf('## Rejouer le workflow'), deploy.indexOf('## En-têtes de sécurité'));
    for (const action of Object.keys(ACTION_STAND_INS)) expect(section, action).toContain(`\`${action}\``);
    expect(section).toContain(`--outdir ${WORKER_BUNDLE_DIR}`);
    expect(section).toContain('`--local`');
  });

  it('refuses an action it cannot stand in for, by name', () => {
    expect(() => replayOf(step({ uses: 'actions/github-script@abc', title: 'Script' }))).toThrow(/actions\/github-script@abc.*Script/);
  });

  it('turns the remote D1 migration into a local one and the deploy into a dry run that keeps its --var flags', () => {
    const replayed = replayOf(step({ run: 'npx wrangler d1 migrations apply arbo-leads --remote\nnpx wrangler deploy --var "A:${A}" --message "${GITHUB_SHA}"' }));
    expect(replayed).toEqual({
      kind: 'run',
      script: `npx wrangler d1 migrations apply arbo-leads --local\nnpx wrangler deploy --dry-run --outdir ${WORKER_BUNDLE_DIR} --var "A:\${A}" --message "\${GITHUB_SHA}"`,
      standIns: [expect.stringContaining('--local'), expect.stringContaining('--dry-run')],
    });
    expect(replayOf(step({ run: 'npm test' }))).toEqual({ kind: 'run', script: 'npm test', standIns: [] });
  });

  it('reads the packages of the system tools’ apt-get install, continued lines included', () => {
    const script = 'apt-get update -qq\nDEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \\\n  git chromium \\\n  xvfb >/dev/null\n';
    expect(aptPackages(script)).toEqual(['git', 'chromium', 'xvfb']);
    expect(replayOf(step({ run: script }))).toEqual({ kind: 'system-tools', packages: ['git', 'chromium', 'xvfb'] });
    expect(aptPackages('npm ci')).toEqual([]);
  });

  it('reads a step’s outputs file, one-line values and delimited blocks', () => {
    expect(parseStepFile('path=content\ncache-hit=true\nnotes<<EOF\nune\ndeux\nEOF\n')).toEqual({ path: 'content', 'cache-hit': 'true', notes: 'une\ndeux' });
    expect(() => parseStepFile('notes<<EOF\nsans fin\n')).toThrow(/sans sa fin/);
  });

  it('matches hashFiles’ globs: ** at any depth, * within a name', () => {
    const src = globMatcher('src/**');
    expect(src('src/cli/build.ts') && src('src/a.ts')).toBe(true);
    expect(src('tests/src/a.ts')).toBe(false);
    expect(globMatcher('patches/*.patch')('patches/x.patch')).toBe(true);
    expect(globMatcher('package-lock.json')('package-lockXjson')).toBe(false);
  });
});
