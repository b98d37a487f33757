import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { hermeticEnv } from '../hermetic-env.ts';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export function assertWebKit(): void {
  for (const [path, variable] of [
    [WEBKIT_DRIVER_PATH, 'WEBKIT_DRIVER_PATH'],
    [MINIBROWSER_PATH, 'MINIBROWSER_PATH'],
  ] as const) {
    if (!existsSync(path)) {
      throw new Error(`WebKit introuvable à ${path} : installez-le (apt-get install webkit2gtk-driver xvfb) ou donnez son chemin dans ${variable}.`);
    }
  }
}

/** A child killed with this process too: a test run that dies must not leave browsers behind. */
function owned(child: ChildProcess): ChildProcess {
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.removeListener('exit', kill));
  return child;
}

/**
 * A private X server. MiniBrowser is a GTK window and has no headless mode (its --help lists
 * none), so it needs a display even on a machine without one. -displayfd makes Xvfb pick a free
 * display number itself and tell it, so two test files never race for the same one.
 */
export async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = owned(spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] }));
  let errors = '';
  xvfb.stderr!.on('data', (chunk: Buffer) => (errors += chunk));
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    xvfb.once('error', (error) => reject(new Error(`Xvfb ne démarre pas (apt-get install xvfb) : ${error.message}`)));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb s’est arrêté (code ${code}) :\n${errors}`)));
  });
  return { display, process: xvfb };
}

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** WebKitWebDriver on a free loopback port, ready for a session once its /status says so. */
export async function startWebKitDriver(display: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const driver = owned(spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=local'], { env: hermeticEnv({ DISPLAY: display }), stdio: ['ignore', 'pipe', 'pipe'] }));
  let output = '';
  driver.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  driver.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver s’est arrêté (code ${driver.exitCode}) :\n${output}`);
    const ready = await fetch(`${url}/status`).then((r) => r.json() as Promise<{ value?: { ready?: boolean } }>, () => null);
    if (ready?.value?.ready) return { url, process: driver };
    if (Date.now() - started > 30_000) throw new Error(`WebKitWebDriver ne répond pas sur ${url} :\n${output}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}
