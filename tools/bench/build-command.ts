import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run build`'s own command line from package.json, `node` and its flags included
 * (`--single-threaded-gc`), with the build's options after it: the bench times what the script
 * runs, without npm's start-up, as it times Eleventy's and Hugo's commands.
 */
export function buildCommand(root: string, ...options: string[]): [string, string[]] {
  const script: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.build;
  const [program, ...args] = script.split(/\s+/);
  if (program !== 'node') throw new Error(`le script build de package.json ne lance plus node : ${script}`);
  return [process.execPath, [...args, ...options]];
}
