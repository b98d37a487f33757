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
  },
);

const ok = await runBuild({
  contentDir: values.content,
  outDir: values.out,
  cacheDir: values['no-cache'] ? null : values.cache,
  ...(values.threads ? { threads: Number(values.threads) } : {}),
  cards: values.cards ? 'with-build' : 'on-request',
  // A push to main deploys: it is a production build even if nobody typed --production.
  production: values.production || process.env.GITHUB_REF === 'refs/heads/main',
  explain: values.explain,
});
process.exit(ok ? 0 : 1);
