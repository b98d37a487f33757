import { runBuild } from './run-build.ts';
import { commandArgs } from './command-args.ts';
import { CACHE_DIR } from '../shared/settings.ts';

const values = commandArgs(
  `Usage : npm run build -- [options]
  --content DOSSIER   le contenu à construire (défaut : content)
  --out DOSSIER       où écrire le site (défaut : dist)
  --cache DOSSIER     le cache de construction (défaut : ${CACHE_DIR})
  --no-cache          sans cache : tout est refait, rien n'est gardé
  --threads N         fils de travail (défaut : les cœurs de la machine, au plus 4 ; 1 = ce seul fil)
  --production        construction pour le site en ligne : refuse un webhook de devis qui perdrait les demandes
  --explain           dit, pour chaque page rendue de nouveau, pourquoi : quel fichier, quel réglage ou quel code a changé
  --rendered-pages FICHIER  écrit dans FICHIER l’adresse de chaque page rendue de nouveau (les autres sont reprises du cache), une par ligne
  --cards             dessine les cartes de partage dans le dossier, depuis le cache (le déploiement le fait) ; sinon seuls les serveurs locaux les dessinent à la demande`,
  {
    content: { type: 'string', default: 'content' },
    out: { type: 'string', default: 'dist' },
    cache: { type: 'string', default: CACHE_DIR },
    'no-cache': { type: 'boolean', default: false },
    threads: { type: 'string' },
    production: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    cards: { type: 'boolean', default: false },
    'rendered-pages': { type: 'string' },
  },
);

const ok = await runBuild({
  contentDir: values.content,
  outDir: values.out,
  cacheDir: values['no-cache'] ? null : values.cache,
  ...(values.threads ? { threads: Number(values.threads) } : {}),
  cards: values.cards ? 'with-build' : 'on-request',
  // Only the flag: the workflow passes it on the build it deploys. Guessing it from GITHUB_REF made
  // every build a push to main runs (the tests' own among them) refuse the example values.
  production: values.production,
  explain: values.explain,
  ...(values['rendered-pages'] ? { renderedPages: values['rendered-pages'] } : {}),
});
process.exit(ok ? 0 : 1);
