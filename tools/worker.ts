/**
 * npm run worker — the whole Worker on this computer, in workerd (wrangler dev --local): the site
 * built in relay mode as its assets, D1 with its migrations applied, the queue and its consumer,
 * send_email (each e-mail written as an .eml and copied into the mailbox `npm run mailbox` lists), and the cron, fired every 5
 * minutes here as Cloudflare fires it there. State lives in .wrangler/state: `npm run leads` reads it.
 *
 *   QUOTE_WEBHOOK_URL=https://… npm run worker    where leads go (without it they wait, and alert)
 *   PORT=8787 (default)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadContent } from '../src/engine/index.ts';
import { SWEEP_CRON } from '../src/leads/delivery.ts';
import { emlPathIn, keepEmail } from './lib/mailbox.ts';
import { ROOT } from './lib/root.ts';
import { plainHttpHeaders } from './lib/plain-http-headers.ts';
import { DATABASE, wranglerChild, wranglerSync } from './lib/wrangler4.ts';

const port = Number(process.env.PORT ?? 8787);
const assets = join(ROOT, '.wrangler', 'site');

const built = spawnSync(process.execPath, ['bin/cli.mjs', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, QUOTE_DELIVERY: 'relay' } });
if (built.status !== 0) process.exit(built.status ?? 1);
// A copy served over http: the https-only headers go (tools/lib/plain-http-headers.ts).
rmSync(assets, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });
cpSync(join(ROOT, 'dist'), assets, { recursive: true });
plainHttpHeaders(assets);

const migrated = wranglerSync(['d1', 'migrations', 'apply', DATABASE, '--local']);
process.stdout.write(migrated.stdout);
if (migrated.status !== 0) {
  console.error(migrated.stderr);
  process.exit(1);
}

const days = (await loadContent('content')).site.privacy.relay?.days;
const vars = { LEAD_RETENTION_DAYS: String(days ?? ''), ALERT_FROM: 'alertes@localhost.test', ALERT_TO: 'proprietaire@localhost.test', QUOTE_WEBHOOK_URL: process.env.QUOTE_WEBHOOK_URL ?? '' };
const output: string[] = [];
const child = wranglerChild(
  ['dev', '--local', '--ip', '127.0.0.1', '--port', String(port), '--assets', assets, '--test-scheduled', '--inspector-port', '0', ...Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`])],
  output,
);
child.stdout!.pipe(process.stdout);
child.stderr!.pipe(process.stderr);
// Each e-mail workerd writes is copied into the owner's simulated mailbox (npm run mailbox).
let logTail = '';
const seen = new Set<string>();
const keepMail = (chunk: Buffer) => {
  logTail = (logTail + chunk.toString()).slice(-4096);
  for (const line of logTail.split(/(?=send_email binding called)/)) {
    const eml = emlPathIn(line);
    if (eml && !seen.has(eml)) {
      seen.add(eml);
      console.log(`Courriel reçu : ${keepEmail(eml)}`);
    }
  }
};
child.stdout!.on('data', keepMail);
child.stderr!.on('data', keepMail);
console.log(`Le Worker : http://127.0.0.1:${port} (Ctrl+C pour arrêter). Demandes : npm run leads ; courriels : npm run mailbox`);

// Cloudflare fires the cron; wrangler dev does not: this does, on the same schedule.
const cron = setInterval(() => {
  fetch(`http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent(SWEEP_CRON)}`).catch(() => undefined);
}, 5 * 60_000);
const stop = () => {
  clearInterval(cron);
  child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
child.once('exit', (code) => process.exit(code ?? 0));
