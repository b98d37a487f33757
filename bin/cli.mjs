#!/usr/bin/env node
// `node bin/cli.mjs COMMAND [ARGS]`: runs build, start, serve… from their esbuild bundle in
// .cli/, plain JavaScript, so no TypeScript compiler runs at every start (tsx took 0.8 s of a 1.5 s
// build). The bundle is made by `npm ci` (prepare) and made again here whenever a source changed.
import { spawn, spawnSync } from 'node:child_process';
import { ensureCli } from './cli-bundle.mjs';
import { RESTART_CODE } from '../src/dev/restart-code.mjs';
import { stopOnSignals } from '../src/cli/shutdown.mjs';

const [command, ...args] = process.argv.slice(2);
const { dir, commands } = await ensureCli().catch((error) => {
  // esbuild printed where and why above; its summary below is the `file:line:column` editors click.
  if (!Array.isArray(error?.errors)) throw error;
  console.error(`${error.message}\nLe code du site ne compile pas : corrigez l’erreur ci-dessus, puis relancez.`);
  process.exit(1);
});
if (!commands.includes(command)) {
  console.error(`Commande inconnue : ${command ?? '(aucune)'}. Commandes : ${commands.join(', ')}`);
  process.exit(2);
}
if (command === 'dev') await supervise();
else if (command === 'prepare') prebuild();
else {
  process.argv = [process.argv[0], command, ...args];
  await import(new URL(`${command}.mjs`, `file://${dir}/`).href);
}

/**
 * The live preview runs in a child process: a process cannot load new code, so when the site's
 * code changes the preview makes the new bundle and exits with RESTART_CODE, and a new one starts.
 * Stopping the launcher stops the preview (src/cli/shutdown.mjs): Ctrl+C reaches both, and a
 * signal sent to the launcher alone, or its parent's end, is passed on as SIGTERM, so no preview
 * is left holding the port. The child's exit is this one's.
 */
async function supervise() {
  let child;
  stopOnSignals(() => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
    return new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  });
  for (;;) {
    child = spawn(process.execPath, [new URL('dev.mjs', `file://${dir}/`).pathname, ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEV_SUPERVISED: '1' },
    });
    const code = await new Promise((done) => child.on('exit', (status, signal) => done(status ?? (signal === 'SIGINT' ? 130 : 143))));
    if (code !== RESTART_CODE) process.exit(code);
    await ensureCli();
  }
}

/**
 * `npm ci` runs `prepare`: after the CLI bundle, a first build of the site, so that a fresh
 * clone's first `npm start` serves from a warm cache and a dist/ already there instead of parsing
 * and rendering everything (issue 29: the first page within a second of npm finishing). Not on
 * CI, whose runs build what they test. GitHub's annotations are left out: nobody reads them here. A
 * failure here fails nothing: `npm start` builds again and says what is wrong.
 */
function prebuild() {
  // Only when npm runs it after an install: the live preview runs `prepare` too, to compile new code.
  if (process.env.npm_lifecycle_event !== 'prepare' || process.env.CI) return;
  const built = spawnSync(process.execPath, [...process.execArgv, new URL('build.mjs', `file://${dir}/`).pathname], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, GITHUB_ACTIONS: '' },
    encoding: 'utf8',
  });
  if (built.status !== 0) console.error('Première construction du site : refusée ou interrompue ; `npm start` la refera et dira pourquoi.');
}
