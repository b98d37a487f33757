import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { KITS } from '../kits/ensure.mjs';
import { ROOT } from './root.ts';
import { OFFLINE_ENV } from './worker-sandbox.ts';

/** The project's own wrangler, the exact version its kit pins (tools/kits/worker). */
export const WRANGLER_BIN = join(KITS.worker, 'node_modules', 'wrangler', 'bin', 'wrangler.js');

/** The D1 database of wrangler.jsonc. */
export const DATABASE = 'arbo-leads';

const env = () => ({ ...process.env, ...OFFLINE_ENV, NO_COLOR: '1', CI: process.env.CI ?? 'true' });

/** Runs one wrangler command to its end (CI=true: no question asked, the answer is yes). */
export function wranglerSync(args: string[], cwd: string = ROOT): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [WRANGLER_BIN, ...args], { cwd, env: env(), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** Starts a long-running wrangler command (dev), its output collected in `output`. */
export function wranglerChild(args: string[], output: string[], cwd: string = ROOT): ChildProcess {
  const child = spawn(process.execPath, [WRANGLER_BIN, ...args], { cwd, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return child;
}

/** Rows of one SQL query on the live database on Cloudflare (the local copy: tools/lib/local-d1.ts). */
export function remoteD1Query<T>(sql: string): T[] {
  const run = wranglerSync(['d1', 'execute', DATABASE, '--remote', '--json', '--command', sql]);
  if (run.status !== 0) throw new Error(`wrangler d1 execute a échoué :\n${run.stderr || run.stdout}`);
  const results = JSON.parse(run.stdout) as { results: T[] }[];
  return results.flatMap((r) => r.results);
}

/** Resolves once `url` answers (any status), or fails with wrangler's output. */
export async function waitUntilUp(url: string, child: ChildProcess, output: string[], ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`wrangler s'est arrêté (code ${child.exitCode}) :\n${output.join('')}`);
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler ne répond pas après ${ms / 1000} s :\n${output.join('')}`);
}

/** Stops wrangler and waits for it to be gone. */
export function stopWrangler(child: ChildProcess): Promise<void> {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}
