import { runBuild } from './run-build.ts';
import { closeServer } from './close-server.ts';
import { stopOnSignals } from './shutdown.mjs';
import { createSiteServer } from '../server/static-server.ts';
import { CACHE_DIR, DEFAULT_PORT, LEADS_FILE } from '../shared/settings.ts';
import { cardStoreDir } from '../engine/cache.ts';

const port = Number(process.env.PORT ?? DEFAULT_PORT);
if (!(await runBuild({ contentDir: 'content', outDir: 'dist' }))) process.exit(1);
const server = createSiteServer({ root: 'dist', leadsFile: LEADS_FILE, cardCache: cardStoreDir(CACHE_DIR) }).listen(port, () => {
  console.log(`Site servi sur http://localhost:${port} — Ctrl+C pour arrêter. Demandes de devis : ${LEADS_FILE}`);
});
stopOnSignals(() => closeServer(server));
