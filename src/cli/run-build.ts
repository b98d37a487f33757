import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSETS_DIR } from '../shared/asset-names.ts';
import { outputFile } from '../site/paths.ts';
import { diagnosticsOf, type BuildResult, BuildEngine, PLACEHOLDER, explainLines } from '../engine/index.ts';
import { annotation, jobSummary, workflowCommand } from './github.ts';
import { type PageSample, pageWeights } from './page-weights.ts';
import { englishLine, warningsBlock } from './build-summary.ts';
import { launchReport } from '../shared/diagnostic.ts';
import { CACHE_DIR } from '../shared/settings.ts';
import { quoteDeliveryFromEnv } from './quote-delivery.ts';

export interface RunBuildOptions {
  contentDir: string;
  outDir: string;
  /** The disk cache (`.cache/build`); null builds everything anew and keeps nothing. */
  cacheDir?: string | null;
  threads?: number;
  /** For the live site: a webhook that cannot receive leads fails the build. */
  production?: boolean;
  /** Says why each page was rendered again. */
  explain?: boolean;
  /** A file to list the pages rendered by this build in (their addresses, one a line): the pages a check of what changed looks at. */
  renderedPages?: string;
  /** Share cards drawn into outDir (a static host without the Worker), or by the host on request (default). */
  cards?: 'with-build' | 'on-request';
}

/**
 * `npm run build`: build, write dist/ only if everything passed, and say so in one screen.
 * Returns false (after printing why) instead of throwing, for the CLI's exit code. On GitHub
 * Actions, problems are also printed as workflow commands (shown on the line of the pull
 * request's diff) and the build writes a job summary.
 */
export async function runBuild({ contentDir, outDir, cacheDir = CACHE_DIR, threads, production = false, explain = false, cards = 'on-request', renderedPages }: RunBuildOptions): Promise<boolean> {
  const started = performance.now();
  const onGitHub = process.env.GITHUB_ACTIONS === 'true';
  const engine = new BuildEngine({
    contentDir,
    outDir,
    cacheDir,
    production,
    cards,
    checklist: true,
    ...(threads ? { threads } : {}),
    siteUrl: process.env.SITE_URL,
    quoteWebhook: process.env.QUOTE_WEBHOOK_URL,
    quoteDelivery: quoteDeliveryFromEnv(),
  });
  try {
    const site = await engine.build();
    report(site, { outDir, production, explain, cards, ms: Math.round(performance.now() - started), onGitHub });
    if (renderedPages) writeFileSync(renderedPages, site.renderReasons.map((r) => `${r.path}\n`).join(''));
    return true;
  } catch (error) {
    const diagnostics = diagnosticsOf(error);
    if (error instanceof Error && diagnostics) {
      if (onGitHub) for (const d of diagnostics ?? []) console.log(annotation(d));
      console.error(error.message);
      console.error(`Construction annulée : ${outDir}/ n’a pas été modifié.`);
      return false;
    }
    throw error;
  } finally {
    await engine.close();
  }
}

interface ReportOptions extends Required<Pick<RunBuildOptions, 'outDir' | 'production' | 'explain' | 'cards'>> {
  ms: number;
  onGitHub: boolean;
}

/** The build's one screen: what was written and how, where the form sends, then what to look at. */
function report(site: BuildResult, { outDir, production, explain, cards, ms, onGitHub }: ReportOptions): void {
  const pages = [...site.outputs.keys()].filter((f) => f.endsWith('.html')).length;
  const aliases = site.routes.filter((r) => r.path !== r.canonical).length;
  const { stats } = site;
  const reused = stats.pages - stats.rendered;
  const how = stats.written === 'update' ? 'mises à jour dans' : 'écrites dans';
  console.log(
    `${pages} pages (dont ${aliases} alias) ${how} ${outDir}/ en ${ms} ms` +
      ` (${stats.rendered} rendues, ${reused} reprises ; ${stats.cards} carte${stats.cards > 1 ? 's' : ''} de partage dessinée${stats.cards > 1 ? 's' : ''} ;` +
      ` ${stats.threads} fil${stats.threads > 1 ? 's' : ''}).`,
  );
  if (explain && site.cacheSetAside) console.log(`Cache de construction vidé, tout est refait — ${site.cacheSetAside}.`);
  if (explain) console.log(explainLines(site.renderReasons).join('\n'));
  const english = site.routes.filter((r) => r.locale === 'en' && r.indexable).length;
  if (english > 0) console.log(englishLine(english, site.frenchOnly));
  reportWebhook(site, production);
  if (site.warnings.length > 0) console.warn(`\n${warningsBlock(site.warnings)}`);
  // On a pull request, each shows on its line of the diff, as a warning: the build still passes.
  if (onGitHub) for (const w of site.warnings) console.log(workflowCommand('warning', `${w.field} : ${w.message}`, { file: w.file, line: w.line, col: w.column, title: 'Photo à revoir' }));
  if (production && cards === 'on-request') {
    // Said, not refused: the rest of the site does not depend on them.
    console.log(`Cartes de partage : ${stats.pages} nommées, aucune dessinée : construisez avec --cards pour les dessiner dans ${outDir}/ (le workflow le fait, depuis le cache de la construction).`);
  }
  if (stats.encoded > 0) console.log(`Photos : ${stats.encoded} fichier(s) encodé(s) (les autres venaient du cache).`);
  // A reminder, once: the production build refuses these values.
  if (site.checklist.length > 0) console.log(`\n${launchReport(site.checklist)}\n(La construction de production les refuse : npm run build -- --production.)`);
  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  if (onGitHub && summaryFile) {
    const picked = samples(site);
    appendFileSync(summaryFile, jobSummary({ pages, aliases, ms, rendered: stats.rendered, reused, cards: stats.cards, webhook: site.webhook, checklist: site.checklist, weights: pageWeights(filesOf(site, outDir, picked), picked) }));
  }
}

/** Where the form sends, and what that means for a lead: kept by the Worker, or only as safe as the webhook. */
function reportWebhook(site: BuildResult, production: boolean): void {
  console.log(`Formulaire de devis → ${site.webhook.url} (source : ${site.webhook.source}${site.webhook.delivery === 'relay' ? ', mode relay' : ''})`);
  if (site.webhook.delivery === 'relay') {
    console.log('Mode relay : le formulaire envoie à /api/quote du site (le Worker, ou npm start), qui garde chaque demande avant de répondre et la transmet au webhook.');
  } else if (production) {
    // Said, not refused: a host without the Worker (docs/deploy.md « Autres hébergeurs ») needs a direct mode.
    console.log(
      `Attention : mode direct (${site.webhook.delivery}). Le navigateur envoie au webhook, dont l’adresse est dans chaque page : une demande qu’il refuse ou perd n’est gardée nulle part, et un robot peut lui écrire directement. Avec le Worker (docs/deploy.md « Déployer »), mettez quoteDelivery: relay (ou QUOTE_DELIVERY=relay).`,
    );
  }
  if (site.webhook.delivery !== 'relay' && site.webhook.url.startsWith('/')) {
    console.warn(
      `Attention : ${site.webhook.url} n’est servi que par « npm start ». Sur un hébergeur statique, définissez QUOTE_WEBHOOK_URL ou quoteWebhook dans content/site.md, sinon les demandes seront perdues.`,
    );
  } else if (PLACEHOLDER.test(site.webhook.url)) {
    console.warn(`Attention : l'adresse du webhook ressemble à un exemple (${site.webhook.url}) : les demandes n'arriveront nulle part.`);
  }
}

/** One page of each kind of the page-kind table (its first, at its primary address), for the weights of the job summary. */
function samples(site: BuildResult): PageSample[] {
  const picked = new Map<string, PageSample>();
  for (const route of site.routes) {
    if (route.indexable && !picked.has(route.page.template)) picked.set(route.page.template, { kind: route.page.template, file: outputFile(route.path) });
  }
  return [...picked.values()];
}

/** The sample pages and every asset, read back from dist/. */
function filesOf(site: BuildResult, outDir: string, picked: PageSample[]): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const wanted = new Set(picked.map((s) => s.file));
  for (const path of site.outputs.keys()) {
    if (!wanted.has(path) && !path.startsWith(`${ASSETS_DIR}/`)) continue;
    const file = join(outDir, path);
    if (existsSync(file)) files.set(path, readFileSync(file));
  }
  return files;
}
