import { runBuild } from './run-build.ts';
import { createSiteServer } from '../server/static-server.ts';

const port = Number(process.env.PORT ?? 4321);
if (!(await runBuild({ contentDir: 'content', outDir: 'dist' }))) process.exit(1);
createSiteServer({ root: 'dist', leadsFile: 'data/leads.jsonl' }).listen(port, () => {
  console.log(`Site servi sur http://localhost:${port} — Ctrl+C pour arrêter. Demandes de devis : data/leads.jsonl`);
});
