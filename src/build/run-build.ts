import { ContentError } from '../content/content-error.ts';
import { BrokenLinksError, BuildEngine } from './engine.ts';

/** Words that mark an address nobody will ever read leads from. */
const PLACEHOLDER = /example|placeholder|exemple|changeme|your-|votre-|xxx/i;

export interface RunBuildOptions {
  contentDir: string;
  outDir: string;
  /** The disk cache (`.cache/build`); null builds everything anew and keeps nothing. */
  cacheDir?: string | null;
  threads?: number;
}

/**
 * `npm run build`: build, write dist/ only if everything passed, and say so in one screen.
 * Returns false (after printing why) instead of throwing, for the CLI's exit code.
 */
export async function runBuild({ contentDir, outDir, cacheDir = '.cache/build', threads }: RunBuildOptions): Promise<boolean> {
  const started = performance.now();
  const engine = new BuildEngine({
    contentDir,
    outDir,
    cacheDir,
    ...(threads ? { threads } : {}),
    siteUrl: process.env.SITE_URL,
    quoteWebhook: process.env.QUOTE_WEBHOOK_URL,
  });
  try {
    const site = await engine.build();
    const pages = [...site.outputs.keys()].filter((f) => f.endsWith('.html')).length;
    const ms = Math.round(performance.now() - started);
    const aliases = site.routes.filter((r) => r.path !== r.canonical).length;
    const { stats } = site;
    const reused = stats.pages - stats.rendered;
    const how = stats.written === 'update' ? 'mises à jour dans' : 'écrites dans';
    console.log(
      `${pages} pages (dont ${aliases} alias) ${how} ${outDir}/ en ${ms} ms` +
        ` (${stats.rendered} rendues, ${reused} reprises ; ${stats.threads} fil${stats.threads > 1 ? 's' : ''}).`,
    );
    console.log(`Formulaire de devis → ${site.webhook.url} (source : ${site.webhook.source})`);
    if (site.webhook.url.startsWith('/')) {
      console.warn(
        `Attention : ${site.webhook.url} n'est servi que par « npm start ». Sur un hébergeur statique, définissez QUOTE_WEBHOOK_URL ou quoteWebhook dans content/site.md, sinon les demandes seront perdues.`,
      );
    } else if (PLACEHOLDER.test(site.webhook.url)) {
      console.warn(`Attention : l'adresse du webhook ressemble à un exemple (${site.webhook.url}) : les demandes n'arriveront nulle part.`);
    }
    return true;
  } catch (error) {
    if (error instanceof ContentError || error instanceof BrokenLinksError) {
      console.error(error.message);
      console.error(`Construction annulée : ${outDir}/ n'a pas été modifié.`);
      return false;
    }
    throw error;
  } finally {
    await engine.close();
  }
}
