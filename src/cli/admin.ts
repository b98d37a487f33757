import { adminFor, cmsRepo, previewDataFor, writeAdmin } from './admin-build.ts';
import { commandArgs } from './command-args.ts';

const values = commandArgs(
  `Usage : npm run admin -- [options]   (après npm run build ; dépôt : CMS_REPO, branche : CMS_BRANCH)
  --content DOSSIER   le contenu (défaut : content)
  --out DOSSIER       le site construit où ajouter l’éditeur (défaut : dist)`,
  { content: { type: 'string', default: 'content' }, out: { type: 'string', default: 'dist' } },
);
const started = performance.now();
const [bundle, data] = await Promise.all([adminFor(values.content), previewDataFor(values.content)]);
const files = new Map([...bundle, ...data]);
writeAdmin(values.out, files);
const bytes = [...files.values()].reduce((sum, b) => sum + b.length, 0);
console.log(`Éditeur écrit dans ${values.out}/admin.html et ${values.out}/admin/ (${Math.round(bytes / 1024)} Kio) en ${Math.round(performance.now() - started)} ms.`);
if (!cmsRepo()) console.warn('Dépôt GitHub inconnu (ni CMS_REPO ni remote origin) : la connexion en ligne n’aboutira pas.');
