/**
 * What the local replay (npm run ci:local) does in place of each step that needs GitHub's runner
 * or Cloudflare's account: the one table of stand-ins, so that docs/deploy.md, the replay and the
 * test that every `uses:` of the workflow has one all read the same. Pure.
 */
import type { PlannedStep } from './workflow-plan.ts';

/** Where the deploy's dry run writes the bundled Worker, under the checkout. */
export const WORKER_BUNDLE_DIR = '.wrangler/dry-run';

export type ActionName = 'actions/checkout' | 'actions/setup-node' | 'actions/cache' | 'actions/upload-artifact' | 'actions/download-artifact';

/** Each action the workflow uses, and what stands in for it here. */
export const ACTION_STAND_INS: Record<ActionName, string> = {
  'actions/checkout': 'le clone frais du dépôt, historique complet (un clone par job)',
  'actions/setup-node': 'vérifie que le Node du PATH satisfait .node-version ; le cache npm est celui de la machine',
  'actions/cache': 'restaure les chemins depuis .cache/ci-local/ du dépôt source (la clé exacte, sinon le plus récent des préfixes de restore-keys) et les y garde à la fin du job réussi',
  'actions/upload-artifact': 'copie le dossier dans les artefacts de la reprise',
  'actions/download-artifact': 'copie le dossier de l’artefact dans le clone',
};

/** Commands that would reach Cloudflare's account, rewritten to act offline. */
export const RUN_STAND_INS: { pattern: RegExp; replacement: string; what: string }[] = [
  {
    pattern: /(wrangler d1 migrations apply \S+) --remote\b/g,
    replacement: '$1 --local',
    what: 'wrangler d1 migrations apply … --remote → --local : une D1 locale sous le clone (.wrangler/state)',
  },
  {
    pattern: /(wrangler deploy)\b(?! --dry-run)/g,
    replacement: `$1 --dry-run --outdir ${WORKER_BUNDLE_DIR}`,
    what: `wrangler deploy … → wrangler deploy --dry-run --outdir ${WORKER_BUNDLE_DIR} … : le Worker et ses fichiers regroupés, rien d’envoyé (les --var gardés)`,
  },
];

/** The action of a `uses:`, without its pinned commit. */
export const actionOf = (uses: string): string => uses.split('@')[0]!;

export const hasStandIn = (uses: string): uses is ActionName => actionOf(uses) in ACTION_STAND_INS;

/** The packages of an `apt-get install` in a step's script, or none if it installs nothing. */
export function aptPackages(script: string): string[] {
  const joined = script.replace(/\\\n/g, ' ');
  const line = joined.split('\n').find((l) => /\bapt-get install\b/.test(l));
  if (!line) return [];
  return line
    .slice(line.indexOf('apt-get install') + 'apt-get install'.length)
    .replace(/[0-9]?>.*$/, '')
    .split(/\s+/)
    .filter((word) => word && !word.startsWith('-'));
}

export type Replayed =
  | { kind: 'action'; action: ActionName }
  | { kind: 'system-tools'; packages: string[] }
  | { kind: 'run'; script: string; standIns: string[] };

/** What the replay does for a step. A `uses:` without a stand-in is refused, named. */
export function replayOf(step: PlannedStep): Replayed {
  if (step.uses) {
    if (!hasStandIn(step.uses)) throw new Error(`Aucun remplaçant local pour ${step.uses} (étape « ${step.title} ») : ajoutez-le à tools/ci/stand-ins.ts`);
    return { kind: 'action', action: actionOf(step.uses) as ActionName };
  }
  const script = step.run ?? '';
  const packages = aptPackages(script);
  if (packages.length > 0) return { kind: 'system-tools', packages };
  const standIns: string[] = [];
  let rewritten = script;
  for (const { pattern, replacement, what } of RUN_STAND_INS) {
    const next = rewritten.replace(pattern, replacement);
    if (next !== rewritten) standIns.push(what);
    rewritten = next;
  }
  return { kind: 'run', script: rewritten, standIns };
}
