/**
 * npm run leads — the quote requests kept by the Worker, with their delivery state and attempts.
 *
 *   npm run leads                      the local database (npm run worker's)
 *   npm run leads -- --remote          the live database on Cloudflare (wrangler login first)
 *   npm run leads -- --csv [--out F]  the same as CSV (for a spreadsheet), to stdout or the file F
 *   npm run leads -- --waiting         only those not delivered yet
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { leadsCsv, leadsTable, type LeadLine } from './lib/leads-report.ts';
import { localD1Query, NoLocalTable } from './lib/local-d1.ts';
import { remoteD1Query } from './lib/wrangler4.ts';

const { values } = parseArgs({
  options: { remote: { type: 'boolean', default: false }, csv: { type: 'boolean', default: false }, out: { type: 'string' }, waiting: { type: 'boolean', default: false }, 'persist-to': { type: 'string' } },
});
const wantsCsv = values.csv;
const csvFile = values.out;

const sql = `SELECT id, received_at, state, attempts, last_attempt_at, last_error, delivered_at, payload FROM leads ${values.waiting ? "WHERE state != 'delivered' " : ''}ORDER BY received_at`;
let rows: LeadLine[];
try {
  rows = values.remote ? remoteD1Query<LeadLine>(sql) : await localD1Query<LeadLine>(sql, 'leads', values['persist-to']);
} catch (error) {
  if (!(error instanceof NoLocalTable)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (wantsCsv) {
  const csv = leadsCsv(rows);
  if (csvFile) {
    writeFileSync(csvFile, csv);
    console.log(`${rows.length} demande(s) écrite(s) dans ${csvFile}`);
  } else process.stdout.write(csv);
} else console.log(leadsTable(rows, values.remote ? 'Cloudflare (--remote)' : 'locale (npm run worker)'));
