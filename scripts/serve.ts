import { parseArgs } from 'node:util';
import { createSiteServer } from '../src/server/static-server.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    leads: { type: 'string', default: 'data/leads.jsonl' },
  },
});

const port = Number(process.env.PORT ?? 4321);
createSiteServer({ root: values.dir, leadsFile: values.leads }).listen(port, () => {
  console.log(`Site servi sur http://localhost:${port} (dossier ${values.dir}, demandes de devis dans ${values.leads})`);
});
