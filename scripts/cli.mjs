#!/usr/bin/env node
// `node scripts/cli.mjs COMMAND [ARGS]`: runs build, start, serve… from their esbuild bundle in
// .cli/, plain JavaScript, so no TypeScript compiler runs at every start (tsx took 0.8 s of a 1.5 s
// build). The bundle is made by `npm ci` (prepare) and made again here whenever a source changed.
import { ensureCli } from './lib/cli-bundle.mjs';

const [command, ...args] = process.argv.slice(2);
const { dir, commands } = await ensureCli();
if (!commands.includes(command)) {
  console.error(`Commande inconnue : ${command ?? '(aucune)'}. Commandes : ${commands.join(', ')}`);
  process.exit(2);
}
if (command !== 'prepare') {
  process.argv = [process.argv[0], command, ...args];
  await import(new URL(`${command}.mjs`, `file://${dir}/`).href);
}
