import { join } from 'node:path';
import { ROOT } from './root.ts';
// Importing it also sets the offline environment (no metrics, no banner, no request.cf download).
import { wranglerConfig } from './worker-sandbox.ts';

/** Where `wrangler dev` (npm run worker) keeps its state when no --persist-to is given. */
export const LOCAL_STATE = join(ROOT, '.wrangler', 'state');

/**
 * Rows of one query on the local copy of the leads database, opened by Miniflare where
 * `wrangler dev` keeps it (`<state>/v3/d1`, keyed by the database_id of wrangler.jsonc), as
 * `wrangler d1 execute --local` opens it: the same workerd and SQLite, without loading
 * wrangler's command line first (4.8 s for the command that way, 3.1 s this way). Before `npm run worker`
 * ever ran, there is no table: that is said in a sentence, not by SQLite.
 */
export async function localD1Query<T>(sql: string, table: string, state: string = LOCAL_STATE): Promise<T[]> {
  const { Miniflare } = await import('miniflare');
  const config = wranglerConfig();
  const [database] = config.d1_databases;
  const mf = new Miniflare({
    enableDevRegistry: false,
    resourcePersistencePath: join(state, 'v3'),
    workers: [
      {
        config: {
          name: 'leads',
          compatibilityDate: config.compatibility_date,
          manifest: { mainModule: 'leads.mjs', modules: { 'leads.mjs': { type: 'esm', contents: 'export default {}' } } },
          env: { DB: { type: 'd1', id: database!.database_id } },
        },
      },
    ],
  });
  try {
    const db = await mf.getD1Database('DB');
    const exists = await db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1").bind(table).first();
    if (!exists) throw new NoLocalTable(state);
    return (await db.prepare(sql).all<T>()).results;
  } finally {
    await mf.dispose();
  }
}

export class NoLocalTable extends Error {
  constructor(state: string) {
    super(`Aucune base de demandes dans ${state} : elle est créée, avec ses tables, au premier \`npm run worker\` (ou donnez le dossier de l’état avec --persist-to).`);
  }
}
