import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { localD1Query } from '../../tools/lib/local-d1.ts';

// `npm run leads` reads the local database in workerd (tools/lib/local-d1.ts); that it lists what
// the Worker stored is shown end to end in tests/helpers/relay-mode.ts.
it('says in a sentence, naming the folder and the command that makes it, that no local database exists yet', async () => {
  const state = mkdtempSync(join(tmpdir(), 'no-worker-yet-'));
  try {
    await expect(localD1Query('SELECT * FROM leads', 'leads', state)).rejects.toThrow(`Aucune base de demandes dans ${state} : elle est créée, avec ses tables, au premier \`npm run worker\``);
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
});
