import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { overPlainHttp } from '../../src/host/header-rules.ts';

/**
 * Rewrites DIR/_headers for a local Worker served over http, as our Node server does on the fly
 * (docs/deploy.md « En-têtes de sécurité »): no HSTS, no `upgrade-insecure-requests`, which WebKit applies
 * even to 127.0.0.1 and would send every script to an https:// where nothing answers. Only for a
 * folder built for local use: the dist/ that is deployed keeps both.
 */
export function plainHttpHeaders(dir: string): void {
  const file = join(dir, '_headers');
  const lines = readFileSync(file, 'utf8').split('\n');
  const kept = lines.flatMap((line) => {
    const m = /^(\s+)([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (!m) return [line];
    const [name, value] = Object.entries(overPlainHttp({ [m[2]!]: m[3]! }))[0] ?? [];
    return name === undefined ? [] : [`${m[1]}${name}: ${value}`];
  });
  writeFileSync(file, kept.join('\n'));
}
