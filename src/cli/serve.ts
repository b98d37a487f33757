import { createSiteServer } from '../server/static-server.ts';
import { commandArgs } from './command-args.ts';

const values = commandArgs(
  `Usage : npm run serve -- [options]   (port : variable PORT, défaut 4321)
  --dir DOSSIER     le site construit à servir (défaut : dist)
  --leads FICHIER   où le récepteur de devis garde les demandes (défaut : data/leads.jsonl)`,
  {
    dir: { type: 'string', default: 'dist' },
    leads: { type: 'string', default: 'data/leads.jsonl' },
  },
);

const port = Number(process.env.PORT ?? 4321);
createSiteServer({ root: values.dir, leadsFile: values.leads }).listen(port, () => {
  console.log(`Site servi sur http://localhost:${port} (dossier ${values.dir}, demandes de devis dans ${values.leads})`);
});
