/**
 * A fresh clone's first `npm start`, from the command to the first page served (HTTP 200 on /):
 * the committed tree cloned anew, no .cache/, no dist/, its node_modules linked from this one
 * and its `prepare` script run as `npm ci` runs it (the CLI bundle, then a first build), all untimed: what a
 * newcomer waits for once npm has finished.
 *
 *   npx tsx tools/bench/fresh-start.ts [--runs 5]
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type ClientRequest, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export async function measureFreshStart(root: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  // The commit checked out here, whichever branch the clone's HEAD would be.
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  for (let run = 0; run < runs; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'clone-neuf-'));
    try {
      const step = (command: string, args: string[], cwd = dir) => {
        const done = spawnSync(command, args, { cwd, stdio: 'ignore' });
        if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} : code ${done.status}`);
      };
      step('git', ['clone', '--quiet', '--no-checkout', root, dir], root);
      step('git', ['checkout', '--quiet', head]);
      step('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
      // As npm ci runs it (npm_lifecycle_event=prepare): the CLI bundle, then the first build.
      step('npm', ['run', '--silent', 'prepare']);
      const port = 43400 + run;
      const started = performance.now();
      const child = spawn('npm', ['start'], { cwd: dir, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
      await servingOn(child, port);
      times.push(performance.now() - started);
      child.kill();
      await new Promise((r) => child.once('exit', r));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return times;
}

/**
 * Waits until `child` (an `npm start`) serves its first page on `port` (the home page, 200): what
 * « the first page served » measures. Fails with what it printed on stderr if it stops first, or
 * has not served within a minute, instead of asking forever.
 */
export async function servingOn(child: ChildProcess, port: number): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const until = Date.now() + 60_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start s’est arrêté (${child.exitCode ?? child.signalCode}) sans servir le port ${port} :\n${stderr}`);
    if (Date.now() > until) throw new Error(`npm start ne sert pas le port ${port} après 60 s :\n${stderr}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Whether the home page answers 200; a request left without an answer for 5 s is a no. */
function answers(port: number): Promise<boolean> {
  return new Promise((done) => {
    get({ host: '127.0.0.1', port, path: '/' }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    })
      .setTimeout(5_000, function (this: ClientRequest) {
        this.destroy();
      })
      .on('error', () => done(false));
  });
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1]!)).href) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
  const times = await measureFreshStart(process.cwd(), Number(values.runs));
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`clone neuf, npm start → 1re page servie : médiane ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(2)} s (${sorted.map((t) => (t / 1000).toFixed(2)).join(', ')} s) · charge ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`);
}
