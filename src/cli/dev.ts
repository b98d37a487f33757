import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../engine/index.ts';
import { startDevServer } from '../dev/dev-server.ts';
import { commandArgs } from './command-args.ts';
import { stopOnSignals } from './shutdown.mjs';
import { RESTART_CODE } from '../dev/restart-code.mjs';
import { DEFAULT_PORT, LEADS_FILE } from '../shared/settings.ts';

const values = commandArgs(
  `Usage : npm run dev -- [options]   (port : variable PORT, défaut ${DEFAULT_PORT})
  --content DOSSIER     le contenu à prévisualiser (défaut : content)
  --stylesheet FICHIER  la feuille de style (défaut : src/styles/site.css)`,
  { content: { type: 'string', default: 'content' }, stylesheet: { type: 'string' } },
);
const port = Number(process.env.PORT ?? DEFAULT_PORT);

/** Under the launcher (bin/cli.mjs), a save in the site's code makes a new bundle, then a new preview. */
const serverCode = process.env.DEV_SUPERVISED
  ? {
      compile: () =>
        new Promise<string | null>((done) => {
          const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin/cli.mjs'), 'prepare'], { stdio: ['ignore', 'ignore', 'pipe'] });
          let errors = '';
          child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
          child.on('close', (code) => done(code === 0 ? null : errors || `la compilation du code a échoué (code ${code})`));
        }),
      restart: () => process.exit(RESTART_CODE),
    }
  : undefined;

const dev = await startDevServer({
  contentDir: values.content,
  port,
  leadsFile: LEADS_FILE,
  ...(values.stylesheet ? { stylesheet: values.stylesheet } : {}),
  ...(serverCode ? { serverCode } : {}),
});
stopOnSignals(() => dev.close());
const lan = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && a.family === 'IPv4' && !a.internal)
  .map((a) => `http://${a!.address}:${port}`);
console.log(`Aperçu en direct sur ${dev.url}${lan.length ? ` (sur le réseau local : ${lan.join(', ')})` : ''} — chaque enregistrement dans ${values.content}/ ou src/ s'affiche aussitôt. Ctrl+C pour arrêter.`);
