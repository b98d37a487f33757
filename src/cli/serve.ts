import { createSiteServer } from '../server/static-server.ts';
import { closeServer } from './close-server.ts';
import { commandArgs } from './command-args.ts';
import { stopOnSignals } from './shutdown.mjs';
import { CACHE_DIR, DEFAULT_PORT, LEADS_FILE } from '../shared/settings.ts';
import { cardStoreDir } from '../engine/cache.ts';

const values = commandArgs(
  `Usage : npm run serve -- [options]   (port : variable PORT, défaut ${DEFAULT_PORT})
  --dir DOSSIER     le site construit à servir (défaut : dist)
  --leads FICHIER   où le récepteur de devis garde les demandes (défaut : ${LEADS_FILE})`,
  {
    dir: { type: 'string', default: 'dist' },
    leads: { type: 'string', default: LEADS_FILE },
  },
);

const port = Number(process.env.PORT ?? DEFAULT_PORT);
const server = createSiteServer({ root: values.dir, leadsFile: values.leads, cardCache: cardStoreDir(CACHE_DIR) }).listen(port, () => {
  console.log(`Site servi sur http://localhost:${port} (dossier ${values.dir}, demandes de devis dans ${values.leads}) — Ctrl+C pour arrêter`);
});
stopOnSignals(() => closeServer(server));
