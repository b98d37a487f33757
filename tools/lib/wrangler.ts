import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The last wrangler major that runs on Node 20 (wrangler 4 needs Node 22). */
export const WRANGLER = 'wrangler@3.114.17';
/** The newest date the workerd shipped with that wrangler supports. */
export const COMPATIBILITY_DATE = '2025-07-18';

/** Installs the pinned wrangler through npm (once, into npm's cache) and returns its CLI script. */
export function wranglerBin(): string {
  const found = spawnSync('npm', ['exec', '--yes', `--package=${WRANGLER}`, '--', 'sh', '-c', 'command -v wrangler'], { encoding: 'utf8' });
  const link = found.stdout.trim();
  if (found.status !== 0 || !link || !existsSync(link)) throw new Error(`${WRANGLER} introuvable via npm exec :\n${found.stderr}`);
  return realpathSync(link);
}

/**
 * `wrangler pages dev DIR` on 127.0.0.1:port, offline, run from `cwd` (a scratch directory: wrangler
 * keeps its state there, and reads Pages Functions from its functions/ folder). A cached Request.cf
 * object there stops it from downloading one; `extra` adds flags such as `--binding KEY=VALUE`.
 */
export function startWrangler(dir: string, port: number, output: string[], cwd: string, extra: string[] = []): ChildProcess {
  mkdirSync(join(cwd, 'node_modules', '.mf'), { recursive: true });
  writeFileSync(join(cwd, 'node_modules', '.mf', 'cf.json'), '{}');
  const child = spawn(
    process.execPath,
    [wranglerBin(), 'pages', 'dev', dir, '--ip', '127.0.0.1', '--port', String(port), '--compatibility-date', COMPATIBILITY_DATE, '--inspector-port', '0', '--log-level', 'warn', ...extra],
    {
      cwd,
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        // wrangler 3 has no switch for its update check: the registry it asks (read by rc, as
        // npm_registry) is a closed loopback port instead.
        npm_registry: 'http://127.0.0.1:9/',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return child;
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
