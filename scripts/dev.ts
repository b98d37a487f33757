import { networkInterfaces } from 'node:os';
import { parseArgs } from 'node:util';
import { startDevServer } from '../src/dev/dev-server.ts';

const { values } = parseArgs({ options: { content: { type: 'string', default: 'content' }, stylesheet: { type: 'string' } } });
const port = Number(process.env.PORT ?? 4321);
const dev = await startDevServer({ contentDir: values.content, port, leadsFile: 'data/leads.jsonl', ...(values.stylesheet ? { stylesheet: values.stylesheet } : {}) });
const lan = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && a.family === 'IPv4' && !a.internal)
  .map((a) => `http://${a!.address}:${port}`);
console.log(`Aperçu en direct sur ${dev.url}${lan.length ? ` (sur le réseau local : ${lan.join(', ')})` : ''} — chaque enregistrement dans ${values.content}/ s'affiche aussitôt. Ctrl+C pour arrêter.`);
