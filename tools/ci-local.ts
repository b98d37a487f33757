/**
 * `npm run ci:local -- --event push|pull_request [--source DIR] [--var NAME=VALUE] [--secret NAME=VALUE] [--keep]`:
 * .github/workflows/site.yml replayed on this machine. A fresh clone of the source's HEAD (full
 * history) per job; each job's steps in order, with the variables GitHub sets for the event
 * (tools/ci/github-env.mjs), the job's and step's `env:`, their `${{ }}` and `if:` evaluated
 * (tools/ci/expressions.ts), `$GITHUB_OUTPUT` read back as `steps.<id>.outputs`. Each `uses:`
 * and each command that needs Cloudflare's account has its stand-in (tools/ci/stand-ins.ts).
 * Prints each step's name, duration and status, then a table, the path the workflow took and the
 * time from checkout to a deploy-ready dist/ with its bundled Worker. Exit 1 at the first failing step.
 * Runs here, not in the workflow's debian:bookworm container: the machine's own tools.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { githubEnv } from './ci/github-env.mjs';
import { condition, type ExpressionContext, interpolate } from './ci/expressions.ts';
import { restoreCache, saveCache } from './ci/local-cache.ts';
import { ACTION_STAND_INS, type ActionName, replayOf, WORKER_BUNDLE_DIR } from './ci/stand-ins.ts';
import { globMatcher, parseStepFile } from './ci/step-files.ts';
import { type PlannedJob, type PlannedStep, planWorkflow } from './ci/workflow-plan.ts';
import { OFFLINE_ENV } from './lib/worker-sandbox.ts';
import { ROOT } from './lib/root.ts';

const { values } = parseArgs({
  options: {
    event: { type: 'string', default: 'push' },
    source: { type: 'string', default: ROOT },
    var: { type: 'string', multiple: true, default: [] },
    secret: { type: 'string', multiple: true, default: [] },
    keep: { type: 'boolean', default: false },
  },
});

const pairs = (list: string[]) => Object.fromEntries(list.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
const source = resolve(values.source);
const event = values.event;
const temp = mkdtempSync(join(tmpdir(), 'ci-local-'));
const store = join(source, '.cache', 'ci-local');
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
const sha = git(source, 'rev-parse', 'HEAD');

interface Row {
  job: string;
  step: string;
  ms: number;
  status: 'ok' | 'sautée' | 'échec';
  note: string;
}
const rows: Row[] = [];
const started = performance.now();
let checkoutAt: number | undefined;
let readyAt: number | undefined;
let bundleSize = '';

/** What a step sees of the machine: its variables less GitHub's, CI's and the site's, which the workflow sets itself. */
function machineEnv(): Record<string, string> {
  const kept = Object.entries(process.env).filter(([name]) => !/^(GITHUB_|RUNNER_|CI$|QUOTE_|SITE_URL$|CMS_|ALERT_|CLOUDFLARE_|npm_|INIT_CWD$)/.test(name));
  return { ...(Object.fromEntries(kept) as Record<string, string>), ...OFFLINE_ENV };
}

function hashFilesIn(workspace: string): ExpressionContext['hashFiles'] {
  return (patterns) => {
    if (!existsSync(workspace)) return '';
    const matchers = patterns.map(globMatcher);
    const files = git(workspace, 'ls-files').split('\n').filter((f) => matchers.some((m) => m(f))).sort();
    if (files.length === 0) return '';
    const whole = createHash('sha256');
    for (const file of files) whole.update(createHash('sha256').update(readFileSync(join(workspace, file))).digest());
    return whole.digest('hex');
  };
}

/** Runs a script with bash as GitHub does (`bash --noprofile --norc -eo pipefail`), its output shown and kept. */
function runScript(script: string, cwd: string, env: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  const file = join(temp, `step-${rows.length}.sh`);
  writeFileSync(file, script);
  return new Promise((done) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => done({ ok: code === 0, output }));
  });
}

class JobRun {
  readonly workspace: string;
  readonly runnerTemp: string;
  readonly github: Record<string, string>;
  readonly ctx: ExpressionContext;
  private extraEnv: Record<string, string> = {};
  private readonly saves: (() => string)[] = [];

  constructor(readonly job: PlannedJob) {
    this.workspace = join(temp, job.id);
    this.runnerTemp = join(temp, `${job.id}-runner`);
    mkdirSync(this.runnerTemp);
    this.github = { ...githubEnv({ event, workspace: source, temp: this.runnerTemp }), GITHUB_WORKSPACE: this.workspace, GITHUB_JOB: job.id };
    this.ctx = {
      github: { event_name: event, ref: this.github.GITHUB_REF!, sha, repository: this.github.GITHUB_REPOSITORY! },
      vars: pairs(values.var),
      secrets: pairs(values.secret),
      steps: {},
      hashFiles: hashFilesIn(this.workspace),
    };
  }

  private env(step: PlannedStep): Record<string, string> {
    const own = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, interpolate(v, this.ctx)]));
    // The container's git config, not the user's: the workflow's `git config --global` stays in this run.
    return { ...machineEnv(), GIT_CONFIG_GLOBAL: join(this.runnerTemp, 'gitconfig'), ...this.github, ...this.extraEnv, ...own(this.job.env), ...own(step.env) };
  }

  async step(step: PlannedStep): Promise<Row> {
    const title = step.title;
    if (!condition(step.if, this.ctx)) return { job: this.job.id, step: title, ms: 0, status: 'sautée', note: `if: ${step.if}` };
    const outputFile = join(this.runnerTemp, `output-${rows.length}`);
    const envFile = join(this.runnerTemp, `env-${rows.length}`);
    writeFileSync(outputFile, '');
    writeFileSync(envFile, '');
    this.github.GITHUB_OUTPUT = outputFile;
    this.github.GITHUB_ENV = envFile;
    const at = performance.now();
    const { ok, note } = await this.perform(step);
    const ms = performance.now() - at;
    if (step.id) this.ctx.steps[step.id] = { outputs: { ...this.ctx.steps[step.id]?.outputs, ...parseStepFile(readFileSync(outputFile, 'utf8')) } };
    Object.assign(this.extraEnv, parseStepFile(readFileSync(envFile, 'utf8')));
    return { job: this.job.id, step: title, ms, status: ok ? 'ok' : 'échec', note };
  }

  private async perform(step: PlannedStep): Promise<{ ok: boolean; note: string }> {
    const replay = replayOf(step);
    if (replay.kind === 'action') return this.action(replay.action, step);
    if (replay.kind === 'system-tools') {
      const missing = replay.packages.filter((p) => spawnSync('dpkg-query', ['-W', '-f=${Status}', p], { encoding: 'utf8' }).stdout !== 'install ok installed');
      if (missing.length === 0) return { ok: true, note: `paquets déjà installés (${replay.packages.length}) : apt-get non lancé` };
      console.log(`Paquets manquants : ${missing.join(' ')} : l’étape lance apt-get.`);
    }
    const script = interpolate(replay.kind === 'run' ? replay.script : (step.run ?? ''), this.ctx);
    for (const what of replay.kind === 'run' ? replay.standIns : []) console.log(`  (remplacé : ${what})`);
    const { ok, output } = await runScript(script, existsSync(this.workspace) ? this.workspace : this.runnerTemp, this.env(step));
    const size = output.split('\n').find((l) => /Total Upload/.test(l));
    if (size) bundleSize = size.trim();
    return { ok, note: replay.kind === 'run' && replay.standIns.length > 0 ? 'remplacé : hors ligne' : '' };
  }

  private action(action: ActionName, step: PlannedStep): { ok: boolean; note: string } {
    const w = Object.fromEntries(Object.entries(step.with).map(([k, v]) => [k, interpolate(v, this.ctx)]));
    console.log(`  (remplacé : ${ACTION_STAND_INS[action]})`);
    if (action === 'actions/checkout') {
      checkoutAt ??= performance.now();
      execFileSync('git', ['clone', '--quiet', '--no-hardlinks', source, this.workspace]);
      git(this.workspace, 'checkout', '--quiet', '--detach', sha);
      return { ok: true, note: `clone de ${sha.slice(0, 7)}` };
    }
    if (action === 'actions/setup-node') return this.setupNode(w['node-version-file'] ?? '.node-version');
    if (action === 'actions/cache') return this.cache(w);
    const artifact = join(temp, 'artifacts', w.name ?? 'artifact');
    if (action === 'actions/upload-artifact') {
      const from = join(this.workspace, w.path ?? '');
      if (!existsSync(from)) return { ok: w['if-no-files-found'] !== 'error', note: `${w.path} absent` };
      cpSync(from, artifact, { recursive: true });
      return { ok: true, note: `${w.path} copié` };
    }
    cpSync(artifact, join(this.workspace, w.path ?? '.'), { recursive: true });
    return { ok: true, note: `artefact ${w.name} copié dans ${w.path}` };
  }

  /** GitHub's runner would install the version asked for; here the PATH's Node is used, and a different major is said. */
  private setupNode(file: string): { ok: boolean; note: string } {
    const wanted = readFileSync(join(this.workspace, file), 'utf8').trim().replace(/^v/, '');
    const have = process.versions.node;
    const same = have === wanted || have.startsWith(`${wanted}.`);
    if (!same) console.log(`  Attention : Node ${have} ici, ${file} demande ${wanted} (GitHub l’installerait) : la reprise continue avec ${have}.`);
    return { ok: true, note: same ? `Node ${have}` : `Node ${have} ≠ ${file} ${wanted}` };
  }

  private cache(w: Record<string, string>): { ok: boolean; note: string } {
    const paths = (w.path ?? '').split('\n').map((p) => p.trim()).filter(Boolean);
    const key = w.key ?? '';
    const restoreKeys = (w['restore-keys'] ?? '').split('\n').map((k) => k.trim()).filter(Boolean);
    const restored = restoreCache(store, key, restoreKeys, this.workspace);
    appendFileSync(this.github.GITHUB_OUTPUT!, `cache-hit=${restored.exact}\n`);
    if (!restored.exact) this.saves.push(() => saveCache(store, key, paths, this.workspace));
    return { ok: true, note: restored.key ? `restauré : ${restored.key}${restored.exact ? ' (clé exacte)' : ''}` : 'rien à restaurer' };
  }

  /** The caches saved once every step passed, as actions/cache's post step does. */
  saveCaches(): void {
    for (const save of this.saves) console.log(`Cache : ${save()}`);
  }

  deployReady(): boolean {
    const bundle = join(this.workspace, WORKER_BUNDLE_DIR);
    return existsSync(join(this.workspace, 'dist', 'index.html')) && existsSync(bundle) && readdirSync(bundle).some((f) => f.endsWith('.js'));
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function printTable(): void {
  console.log('\n| job | étape | durée | état | note |\n| --- | --- | ---: | --- | --- |');
  for (const r of rows) console.log(`| ${r.job} | ${r.step.slice(0, 70)} | ${r.status === 'sautée' ? '' : seconds(r.ms)} | ${r.status} | ${r.note} |`);
}

async function runJob(job: PlannedJob, ran: Set<string>): Promise<boolean> {
  const run = new JobRun(job);
  if (job.needs.some((n) => !ran.has(n)) || !condition(job.if, run.ctx)) {
    console.log(`\n=== ${job.name} : sauté (if: ${job.if ?? 'un job requis sauté'}) ===`);
    return true;
  }
  console.log(`\n=== ${job.name} (${job.id}) ===`);
  for (const step of job.steps) {
    console.log(`\n▶ ${step.title}`);
    const row = await run.step(step);
    rows.push(row);
    console.log(`${row.status === 'échec' ? '✗' : row.status === 'ok' ? '✓' : '–'} ${row.step} : ${row.status}${row.status === 'sautée' ? '' : `, ${seconds(row.ms)}`}${row.note ? ` (${row.note})` : ''}`);
    if (row.status === 'échec') return false;
    if (readyAt === undefined && run.deployReady()) readyAt = performance.now();
  }
  run.saveCaches();
  ran.add(job.id);
  if (job.id === 'check') path = run.ctx.steps.path?.outputs.path ?? '';
  return true;
}

let path = '';
console.log(`Reprise de .github/workflows/site.yml : événement ${event}, ${source} à ${sha.slice(0, 7)}, dans ${temp}`);
const jobs = planWorkflow(readFileSync(join(source, '.github/workflows/site.yml'), 'utf8'));
const ran = new Set<string>();
for (const job of jobs) {
  if (!(await runJob(job, ran))) {
    printTable();
    const failed = rows.at(-1)!;
    console.error(`\nÉchec à l’étape « ${failed.step} » du job ${failed.job}. Le clone reste dans ${temp}.`);
    process.exit(1);
  }
}
printTable();
console.log(`\nChemin pris : ${path === 'content' ? 'contenu' : path === 'full' ? 'complet' : '(non dit)'}`);
if (bundleSize) console.log(`Worker regroupé : ${bundleSize}`);
console.log(
  readyAt !== undefined && checkoutAt !== undefined
    ? `Du checkout à un dist/ prêt à déployer et au Worker regroupé : ${seconds(readyAt - checkoutAt)}`
    : 'Aucun dist/ prêt à déployer avec son Worker regroupé (pas de déploiement pour cet événement).',
);
console.log(`Reprise entière : ${seconds(performance.now() - started)}`);
if (values.keep) console.log(`Clones gardés dans ${temp}`);
// Two clones with their node_modules: removed once this command has answered, as vitest.config.ts removes its run's folder.
else spawn('rm', ['-rf', temp], { detached: true, stdio: 'ignore' }).unref();
