#!/usr/bin/env node
/**
 * The variables GitHub Actions sets on every step of a run, for a push to main or a pull request:
 * the one list that `.ci/run` and the workflow's replay (`npm run ci:local`) both use, so that what
 * is green here is green there. Plain JavaScript with no dependency: `.ci/run` runs it before
 * `npm ci`, with whatever Node the machine has.
 *
 *   eval "$(node tools/ci/github-env.mjs push)"   # prints `export NAME='value'` lines
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const EVENTS = ['push', 'pull_request'];

const git = (dir, ...args) => {
  try {
    return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};

/**
 * GitHub's variables for `event` in the checkout `workspace`. Each file GitHub hands a step
 * (summary, outputs, env, path, the event's payload) is a fresh file under `temp`. The payload
 * holds what the workflow reads of the event: the commit before a push, the base of a pull request.
 */
export function githubEnv({ event, workspace, temp = mkdtempSync(join(tmpdir(), 'runner-')), repository = 'proprietaire/site' }) {
  if (!EVENTS.includes(event)) throw new Error(`Événement inconnu : ${event} (${EVENTS.join(' ou ')})`);
  const sha = git(workspace, 'rev-parse', 'HEAD') || '0'.repeat(40);
  const before = git(workspace, 'rev-parse', 'HEAD~1') || '0'.repeat(40);
  const [owner] = repository.split('/');
  const pull = event === 'pull_request';
  const file = (name, text = '') => {
    const path = join(temp, name);
    writeFileSync(path, text);
    return path;
  };
  const payload = pull ? { number: 1, pull_request: { number: 1, base: { ref: 'main', sha: before }, head: { ref: 'modification', sha } } } : { ref: 'refs/heads/main', before, after: sha };
  return {
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: file('event.json', JSON.stringify(payload)),
    GITHUB_REF: pull ? 'refs/pull/1/merge' : 'refs/heads/main',
    GITHUB_REF_NAME: pull ? '1/merge' : 'main',
    GITHUB_REF_TYPE: 'branch',
    GITHUB_REF_PROTECTED: pull ? 'false' : 'true',
    GITHUB_BASE_REF: pull ? 'main' : '',
    GITHUB_HEAD_REF: pull ? 'modification' : '',
    GITHUB_SHA: sha,
    GITHUB_REPOSITORY: repository,
    GITHUB_REPOSITORY_OWNER: owner,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_WORKFLOW: 'Site',
    GITHUB_JOB: 'check',
    GITHUB_RUN_ID: '1',
    GITHUB_RUN_NUMBER: '1',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_ACTOR: owner,
    GITHUB_TRIGGERING_ACTOR: owner,
    GITHUB_WORKSPACE: workspace,
    GITHUB_STEP_SUMMARY: file('step-summary.md'),
    GITHUB_OUTPUT: file('output'),
    GITHUB_ENV: file('env'),
    GITHUB_PATH: file('path'),
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    RUNNER_ENVIRONMENT: 'github-hosted',
    RUNNER_TEMP: temp,
  };
}

const quote = (value) => `'${String(value).replaceAll("'", "'\\''")}'`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = githubEnv({ event: process.argv[2] ?? 'push', workspace: process.cwd() });
  process.stdout.write(Object.entries(env).map(([name, value]) => `export ${name}=${quote(value)}\n`).join(''));
}
