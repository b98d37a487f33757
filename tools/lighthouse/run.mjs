// What `npm run audit` takes from Lighthouse, resolved from this folder's own node_modules/.
import { readFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export { lighthouse };

export const lighthouseVersion = JSON.parse(readFileSync(new URL('./node_modules/lighthouse/package.json', import.meta.url), 'utf8')).version;

export function launchChrome(chromePath, chromeFlags) {
  return chromeLauncher.launch({ chromePath, chromeFlags });
}
