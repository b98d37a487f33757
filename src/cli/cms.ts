import { DEFAULT_PORT, LEADS_FILE } from '../shared/settings.ts';
import { startCmsSession } from './cms-session.ts';
import { commandArgs } from './command-args.ts';
import { stopOnSignals } from './shutdown.mjs';

const values = commandArgs(
  `Usage : npm run cms -- [options]   (port : variable PORT, défaut ${DEFAULT_PORT})
  --content DOSSIER     le contenu à modifier (défaut : content)`,
  { content: { type: 'string', default: 'content' } },
);
const port = Number(process.env.PORT ?? DEFAULT_PORT);
const session = await startCmsSession({ contentDir: values.content, port, leadsFile: LEADS_FILE });
console.log(`Éditeur sur ${session.url}/admin/ — chaque enregistrement écrit dans ${values.content}/ et s’affiche aussitôt sur ${session.url}. Ctrl+C pour arrêter.`);
stopOnSignals(() => session.close());
