import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../tools/lib/root.ts';
import { DECAP_SERVER_PORT } from '../../src/shared/settings.ts';
import { holdDecapPort } from '../helpers/decap-port.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/**
 * Whether a server accepts connections on the port. It connects, never binds: a probe that took
 * the port for a moment would make the server starting on it fail (EADDRINUSE), more often the
 * more loaded the machine.
 */
function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Whether this process could take the port: nobody holds it any more (asked only once the server is told to stop). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer().once('error', () => done(false));
    probe.listen(port, () => probe.close(() => done(true)));
  });
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`toujours pas après ${ms} ms : ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every process under `pid` (npm → sh → node bin/cli.mjs → the preview, esbuild…), read from /proc. */
function descendants(pid: number): { pid: number; cmd: string }[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return [{ pid: Number(d), ppid, cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() }];
      } catch {
        return [];
      }
    });
  const found: { pid: number; cmd: string }[] = [];
  const walk = (parent: number) => {
    for (const p of all.filter((q) => q.ppid === parent)) {
      found.push({ pid: p.pid, cmd: p.cmd });
      walk(p.pid);
    }
  };
  walk(pid);
  return found;
}

/**
 * Whether the process still runs. One that has exited but is not yet reaped (a zombie, state Z)
 * does not: it holds no port and runs nothing. An orphan's is reaped by PID 1, which on some
 * machines does it only every second or so (esbuild's service, whose parent is the preview).
 */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

/** A built site for `serve`: one page is enough to serve. */
const servedDir = mkdtempSync(join(tmpdir(), 'arret-'));
writeFileSync(join(servedDir, 'index.html'), '<!doctype html><title>x</title>');

const COMMANDS = {
  start: [],
  serve: ['--', '--dir', servedDir, '--leads', join(servedDir, 'leads.jsonl')],
  dev: [],
  cms: [],
} as const;

/** `npm run COMMAND` as a user starts it, until its server answers on `port`. */
async function startThroughNpm(command: keyof typeof COMMANDS, port: number): Promise<ChildProcess> {
  const npm = spawn('npm', ['run', '--silent', command, ...COMMANDS[command]], { cwd: ROOT, env: hermeticEnv({ PORT: String(port) }), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [npm.stdout!, npm.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk));
  await until(`npm run ${command} écoute sur ${port}`, () => {
    // A server that stopped before listening fails now, with what it said.
    if (npm.exitCode !== null) throw new Error(`npm run ${command} s’est arrêté (code ${npm.exitCode}) avant d’écouter :\n${output}`);
    return listening(port);
  }, 90_000);
  return npm;
}

describe('servers stop cleanly when told to, leaving no process on the port', () => {
  for (const command of Object.keys(COMMANDS) as (keyof typeof COMMANDS)[]) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      it(`npm run ${command}: ${signal} sent to npm's process stops every process it started and frees the port`, async () => {
        const release = command === 'cms' ? await holdDecapPort() : undefined;
        try {
          const port = await freePort();
          const npm = await startThroughNpm(command, port);
          const tree = descendants(npm.pid!);
          expect(tree.some((p) => p.cmd.includes('bin/cli.mjs'))).toBe(true);
          process.kill(npm.pid!, signal);
          await until(`le port ${port} libéré`, () => portIsFree(port), 30_000);
          await until('plus aucun processus lancé par npm', () => [npm.pid!, ...tree.map((p) => p.pid)].every((pid) => !alive(pid)), 30_000);
          if (command === 'cms') await until(`le port ${DECAP_SERVER_PORT} de decap-server libéré`, () => portIsFree(DECAP_SERVER_PORT), 30_000);
        } finally {
          release?.();
        }
      });
    }
  }

  for (const command of ['start', 'dev'] as const) {
    it(`npm run ${command}: SIGTERM sent to node bin/cli.mjs itself stops it, its children and npm`, async () => {
      const port = await freePort();
      const npm = await startThroughNpm(command, port);
      const tree = descendants(npm.pid!);
      // node with whatever flags package.json gives it (`--single-threaded-gc`), then the launcher.
      const launcher = tree.find((p) => /^\S*node( --[\w-]+)* bin\/cli\.mjs/.test(p.cmd))!;
      expect(launcher).toBeDefined();
      process.kill(launcher.pid, 'SIGTERM');
      await until(`le port ${port} libéré`, () => portIsFree(port), 30_000);
      await until('plus aucun processus lancé par npm', () => [npm.pid!, ...tree.map((p) => p.pid)].every((pid) => !alive(pid)), 30_000);
    });
  }
});
