/**
 * `npm run check:content-path -- --pages FILE`: the workflow's checks for a commit that changes
 * only content/ or public/ (tools/ci/choose-path.mjs), over the dist/ the build just wrote.
 * 1. The content's own tests (tests/content), what the editors' files must hold.
 * 2. The Nu HTML Checker and axe-core (WCAG 2.2 AA) on the pages this build rendered again, listed
 *    by `npm run build -- --rendered-pages FILE`: the others are the bytes of a run that passed.
 *    The build itself checked every internal link of every page, rendered or reused.
 * 3. The Worker and dist/ bundled as `wrangler deploy` sends them (--dry-run, offline).
 * The content's tests run beside the others (their output shown when they end): the checks
 * wait on a JVM, a browser and esbuild as much as on the processor. Fails naming each failing check.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createSiteServer } from '../src/server/static-server.ts';
import { outputFile } from '../src/site/paths.ts';
import { axeViolations } from './lib/axe.ts';
import { CHROME_FLAGS, HEADLESS_SHELL_PATH } from './lib/chromium.ts';
import { hydrateIslands } from './lib/browser-site.ts';
import { close, listen } from './lib/server.ts';
import { isError, runVnu } from './lib/vnu.ts';
import { WRANGLER_BIN } from './lib/wrangler4.ts';
import { OFFLINE_ENV } from './lib/worker-sandbox.ts';
import { WORKER_BUNDLE_DIR } from './ci/stand-ins.ts';

const { values } = parseArgs({ options: { pages: { type: 'string' }, dist: { type: 'string', default: 'dist' } } });
if (!values.pages) {
  console.error('Usage : npm run check:content-path -- --pages FICHIER (écrit par npm run build -- --rendered-pages FICHIER)');
  process.exit(2);
}
const dist = values.dist;
const pages = readFileSync(values.pages, 'utf8').split('\n').filter(Boolean);

function fail(what: string, detail: string): never {
  console.error(`\n✗ ${what}\n${detail}`);
  process.exit(1);
}

async function timed(what: string, check: () => Promise<void> | void): Promise<void> {
  const started = performance.now();
  console.log(`\n▶ ${what}`);
  await check();
  console.log(`✓ ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

/** vitest over tests/content, its output shown when it ends so that it does not interleave with the other checks'. */
async function contentTests(): Promise<void> {
  const { code, output } = await run('npx', ['vitest', 'run', '--project', 'unit', 'tests/content']);
  process.stdout.write(output);
  if (code !== 0) fail('Tests du contenu', 'npx vitest run --project unit tests/content a échoué (ci-dessus).');
}

async function htmlCheck(): Promise<void> {
  const errors = (await runVnu(pages.map((p) => join(dist, outputFile(p))))).filter(isError);
  if (errors.length > 0) fail('Validateur HTML (Nu)', errors.map((m) => `${m.url}:${m.lastLine ?? '?'} ${m.message}`).join('\n'));
}

async function accessibility(): Promise<void> {
  const server = createSiteServer({ root: dist, leadsFile: join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads.jsonl'), log: () => {} });
  const base = await listen(server);
  const browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, headless: true, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const found: string[] = [];
    for (const path of pages) {
      await page.goto(`${base}${path}`);
      await hydrateIslands(page);
      for (const v of await axeViolations(page)) found.push(`${path} ${v}`);
    }
    if (found.length > 0) fail('axe-core (WCAG 2.2 AA)', found.join('\n'));
  } finally {
    await browser.close();
    await close(server);
  }
}

/** A child's exit code and its output, both streams together. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('close', (code) => done({ code, output }));
  });
}

async function workerDryRun(): Promise<void> {
  rmSync(WORKER_BUNDLE_DIR, { recursive: true, force: true });
  const { code, output } = await run(process.execPath, [WRANGLER_BIN, 'deploy', '--dry-run', '--outdir', WORKER_BUNDLE_DIR], { ...process.env, ...OFFLINE_ENV, NO_COLOR: '1' });
  if (code !== 0 || !existsSync(WORKER_BUNDLE_DIR)) fail('Worker (wrangler deploy --dry-run)', output);
  console.log(output.split('\n').filter((l) => /Total Upload|No bindings|Your Worker has access/.test(l)).join('\n') || output);
}

async function pageAndWorkerChecks(): Promise<void> {
  if (pages.length === 0) console.log('\nAucune page rendue de nouveau : rien à valider ni à balayer (toutes reprises du cache, déjà vérifiées).');
  else {
    console.log(`\n${pages.length} page(s) rendue(s) de nouveau : ${pages.slice(0, 10).join(', ')}${pages.length > 10 ? '…' : ''}`);
    await timed(`Validateur HTML (Nu) sur ${pages.length} page(s)`, htmlCheck);
    await timed(`axe-core sur ${pages.length} page(s)`, accessibility);
  }
  await timed('Worker regroupé (wrangler deploy --dry-run)', workerDryRun);
}

await Promise.all([timed('Tests du contenu (tests/content)', contentTests), pageAndWorkerChecks()]);
