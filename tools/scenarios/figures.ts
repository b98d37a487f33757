import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { quoteOptions } from '../../src/shared/quote/quote-options.ts';
import { createSiteServer } from '../../src/server/static-server.ts';
import { startBrowserSite } from '../lib/browser-site.ts';
import { close, listen } from '../lib/server.ts';
import { checkBadContent, loadCorpus } from './bad-content.ts';
import { measureIslandWake } from './island-wake.ts';
import { measureLeadFaults } from './lead-faults.ts';
import { fuzzReceiver } from './receiver-fuzz.ts';
import { killRounds, loadTest, spawnServer } from './receiver-load.ts';
import { checkXss, MARKDOWN_LINKS, VECTORS } from './xss.ts';
import { buildToTemp } from '../lib/built-site.ts';
import { faultMet, faultTable, measureWorkerFaults } from './worker-faults.ts';
import { publishResults } from '../lib/doc-tables.ts';
import { commandLine } from '../lib/results.ts';

export interface FigureRow {
  figure: string;
  goal: string;
  ours: string;
  met: boolean;
}

export interface HardenOptions {
  fuzzRuns: number;
  loadMs: number;
  killRounds: number;
  log: (line: string) => void;
}

const DEFAULTS: HardenOptions = { fuzzRuns: 10_000, loadMs: 5000, killRounds: 5, log: () => {} };

/**
 * The Worker's fault matrix, in workerd on a relay build: one row per fault (its leads sent, lost,
 * delivered twice, when the owner was told), then the matrix against its size goal.
 */
export async function workerFigures(log: (line: string) => void = () => {}): Promise<FigureRow[]> {
  log('Worker (workerd) : la matrice de pannes du chemin des demandes, mode relay…');
  const relaySite = await buildToTemp({ quoteDelivery: 'relay' });
  const rows = await measureWorkerFaults(relaySite.dir, 84, log);
  log(faultTable(rows));
  const sum = (k: 'sent' | 'lost' | 'incomplete' | 'duplicatedKeyHonoured' | 'duplicatedKeyIgnored' | 'botRowsUnmarked') => rows.reduce((n, r) => n + r[k], 0);
  return [
    ...rows.map((r) => ({
      figure: `Worker · ${r.fault}: leads sent / lost / a channel missing / twice under two keys / owner told (min)${r.bots ? ` / unmarked rows of ${r.bots} bot requests` : ''}`,
      goal: `${r.sent} / 0 / 0 / 0 / ≤ 15${r.bots ? ' / 0' : ''}`,
      ours: `${r.sent} / ${r.lost} / ${r.incomplete} / ${r.duplicatedKeyHonoured} / ${r.toldMinutes}${r.bots ? ` / ${r.botRowsUnmarked}` : ''} (${r.deliveryMinutes} min to delivery, ${r.duplicatedKeyIgnored} twice for a webhook ignoring the key, ${r.webhookRequests} webhook requests)`,
      met: faultMet(r),
    })),
    {
      figure: 'Worker fault matrix (workerd, table above): faults / leads sent / lost / a channel missing / twice for a key-honouring webhook (for a key-ignoring one)',
      goal: '≥ 24 / ≥ 2,000 / 0 / 0 / 0 (counted)',
      ours: `${rows.length} / ${sum('sent')} / ${sum('lost')} / ${sum('incomplete')} / ${sum('duplicatedKeyHonoured')} (${sum('duplicatedKeyIgnored')})`,
      met: rows.length >= 24 && sum('sent') >= 2000 && sum('lost') + sum('incomplete') + sum('duplicatedKeyHonoured') + sum('botRowsUnmarked') === 0 && rows.every(faultMet),
    },
  ];
}

/**
 * The robustness figures for the islands, the lead flow and the receiver, each measured here on
 * a fresh build, after the Worker's: the rows `npm run harden` prints.
 */
export async function measureFigures(options: Partial<HardenOptions> = {}): Promise<FigureRow[]> {
  const { fuzzRuns, loadMs, killRounds: rounds, log } = { ...DEFAULTS, ...options };
  const worker = await workerFigures(log);
  const env = await startBrowserSite();
  try {
    const allowed = quoteOptions(env.site.content);
    const servicePaths = env.site.routes.filter((r) => r.page.template === 'service').map((r) => r.path);

    log(`Îlots : ${servicePaths.length} pages de service, processeur 4× plus lent, scripts retardés de 500 ms…`);
    const wake = await measureIslandWake(env.browser, env.base, servicePaths);
    log('Formulaire : scénarios de panne dans Chromium…');
    const faults = await measureLeadFaults(env);

    log(`Récepteur : ${fuzzRuns} corps aléatoires (fast-check)…`);
    const lines: string[] = [];
    const fuzzLeads = join(mkdtempSync(join(tmpdir(), 'harden-fuzz-')), 'leads.jsonl');
    const fuzzServer = createSiteServer({ root: env.site.dir, leadsFile: fuzzLeads, log: (l) => lines.push(l) });
    const fuzzBase = await listen(fuzzServer);
    const fuzz = await fuzzReceiver({ base: fuzzBase, leadsFile: fuzzLeads, logs: lines, options: allowed, runs: fuzzRuns });
    await close(fuzzServer);

    log(`Récepteur : charge de ${loadMs / 1000} s sur la boucle locale, puis ${rounds} arrêts kill -9…`);
    const loadLeads = join(mkdtempSync(join(tmpdir(), 'harden-load-')), 'leads.jsonl');
    const served = await spawnServer(env.site.dir, loadLeads);
    const load = await loadTest(served.base, allowed, { durationMs: loadMs });
    served.child.kill();
    const kills = await killRounds(env.site.dir, join(mkdtempSync(join(tmpdir(), 'harden-kill-')), 'leads.jsonl'), allowed, { rounds });

    log(`Contenu hostile : ${VECTORS.length} vecteurs XSS dans les textes, puis le corpus de fichiers fautifs…`);
    const xss = await checkXss(env.browser, async (dir) => {
      const server = createSiteServer({ root: dir, leadsFile: join(dir, '..', 'leads.jsonl'), log: () => {} });
      const base = await listen(server);
      return { base, close: () => close(server) };
    });
    const badCases = loadCorpus();
    const badFailures = await checkBadContent(badCases);


    const duringWake = wake.gestures.filter((g) => g.duringWake).length;
    return [
      ...worker,
      { figure: `taps and keys made while an island wakes (CPU 4× slower, scripts delayed 500 ms) that are lost`, goal: '0', ours: `${wake.lost} of ${wake.gestures.length} (${duringWake} made during the wake)`, met: wake.lost === 0 && duringWake === wake.gestures.length },
      { figure: 'island elements removed from the DOM during hydration (MutationObserver)', goal: '0', ours: String(wake.removed), met: wake.removed === 0 },
      { figure: 'lead-flow fault scenarios in Chromium where a typed lead is lost', goal: '0 of ≥ 12', ours: `${faults.lost} of ${faults.outcomes.length} (no-cors 500, the default, not counted: lead ${faults.noCorsLimit.lost ? 'lost' : 'kept'})`, met: faults.lost === 0 && faults.outcomes.length >= 12 },
      { figure: `fuzzed receiver bodies (≥ 10,000) answered 5xx, crashing it, or stored while invalid`, goal: '0', ours: `${fuzz.answered5xx} / ${fuzz.crashes} / ${fuzz.storedInvalid} of ${fuzz.bodies} (${JSON.stringify(fuzz.statuses)})`, met: fuzz.answered5xx + fuzz.crashes + fuzz.storedInvalid === 0 && fuzz.bodies >= 10_000 },
      { figure: 'forged or raw control characters in the receiver’s console output', goal: '0', ours: `${fuzz.rawControlLines} of ${lines.length} lines`, met: fuzz.rawControlLines === 0 },
      { figure: `kill -9 rounds under load: partial lines / acknowledged leads missing`, goal: '0 / 0', ours: `${kills.partialLines} / ${kills.missing} (${kills.acknowledged} acknowledged over ${kills.rounds} rounds)`, met: kills.partialLines === 0 && kills.missing === 0 },
      { figure: `XSS vectors (OWASP filter-evasion list, ≥ 60, in bodies and in every kind of front-matter string) that reach dist/ as markup or execute in Chromium`, goal: '0', ours: `${xss.reached.length} reach / ${xss.executed.length} execute of ${xss.vectors} (and ${MARKDOWN_LINKS.length - xss.accepted.length} of ${MARKDOWN_LINKS.length} Markdown links to javascript:/data:/vbscript: refused as content errors)`, met: xss.reached.length + xss.executed.length + xss.accepted.length === 0 && xss.vectors >= 60 },
      { figure: `malformed content fixtures (≥ 30) not rejected with the expected file, line and field, or that change dist/`, goal: '0', ours: `${badFailures.length} of ${badCases.length}`, met: badFailures.length === 0 && badCases.length >= 30 },
      { figure: 'receiver load on loopback (16 clients, valid leads, each synced to disk)', goal: 'reported', ours: `${load.requestsPerSecond} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms (${load.requests} requests, ${JSON.stringify(load.statuses)})`, met: true },
    ];
  } finally {
    await env.close();
  }
}

export function printTable(rows: FigureRow[]): string {
  return ['| figure | goal | ours |', '|---|---|---|', ...rows.map((r) => `| ${r.figure} | ${r.goal} | ${r.ours}${r.met ? '' : ' ✗'} |`)].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { fuzz: { type: 'string', default: '10000' }, 'load-seconds': { type: 'string', default: '5' }, rounds: { type: 'string', default: '5' }, only: { type: 'string' } } });
  if (values.only !== undefined && values.only !== 'worker') throw new Error(`--only ${values.only} : seul « worker » existe (la matrice de pannes du Worker)`);
  const log = (l: string) => console.error(l);
  const rows = values.only === 'worker' ? await workerFigures(log) : await measureFigures({ fuzzRuns: Number(values.fuzz), loadMs: Number(values['load-seconds']) * 1000, killRounds: Number(values.rounds), log });
  console.log(printTable(rows));
  publishResults('harden', commandLine('harden'), {
    caption: values.only === 'worker' ? 'La matrice de pannes du Worker (workerd, mode relay) : une ligne par panne, puis la matrice entière.' : 'La matrice de pannes du Worker (workerd, mode relay), puis les îlots, le formulaire, le récepteur et le contenu hostile : chaque chiffre, son but, le nôtre (✗ : but manqué).',
    header: ['figure', 'goal', 'ours'],
    rows: rows.map((r) => [r.figure, r.goal, `${r.ours}${r.met ? '' : ' ✗'}`]),
  });
  process.exit(rows.every((r) => r.met) ? 0 : 1);
}
