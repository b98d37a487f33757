import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import type { QuoteMode } from '../../shared/quote/quote-schema.ts';
import type { SiteDataSet } from '../../render/site-data.ts';
import type { SharedContent, SiteContents } from '../../site/site-content.ts';
import type { Route } from '../../site/routes.ts';
import type { ClientBundle } from '../bundle-client.ts';
import type { Webhook } from '../pipeline/site-data.ts';
import type { Fingerprints } from '../project-root.ts';
import type { PreparedPhotos } from '../photos/photos.ts';
import type { CacheReport, EnvironmentOption } from './cache.ts';
import type { Executor } from './executors.ts';
import type { Output } from './phases/emit-files.ts';
import type { CityFile, ParsedContent } from './phases/read-content.ts';
import type { ReadFiles } from './phases/read-content.ts';

/** What a site is built from besides its content folder; EngineOptions adds how. */
export interface SiteOptions {
  contentDir: string;
  publicDir?: string;
  /** Overrides the site config's base URL (env SITE_URL), e.g. for a staging host. */
  siteUrl?: string | undefined;
  /** Overrides the site config's quote webhook (env QUOTE_WEBHOOK_URL). */
  quoteWebhook?: string | undefined;
  /** Overrides the site config's `quoteDelivery` (env QUOTE_DELIVERY): `relay` where the Worker runs. */
  quoteDelivery?: QuoteMode | undefined;
  now?: Date;
  /** What the code's results are made by (tests change it to see what it invalidates); the share cards' is part of each card's name. */
  fingerprints?: Fingerprints;
  /** The stylesheet's source (default src/styles/site.css). */
  stylesheet?: string;
  /** A build for the live site: refuses every value of the launch checklist (example phone, addresses, testimonials, a webhook that loses leads). */
  production?: boolean;
  /** Reads the launch checklist without refusing anything (`npm run build` prints it as a reminder). */
  checklist?: boolean;
  /**
   * `on-request` (default): share cards are named and listed (cartes/cartes.json), drawn by the
   * local servers on their first request; `with-build` draws them into dist/ from the cache, as the
   * deploy does (`npm run build -- --cards`): the Worker serves them as static files, and draws none.
   */
  cards?: 'with-build' | 'on-request';
}

/** How the engine builds, besides what the site is built from. */
export interface EngineOptions extends SiteOptions, EnvironmentOption {
  /** Folder of the disk cache (`.cache/build` for the CLI); null keeps everything in memory. */
  cacheDir?: string | null;
  /**
   * Where the build writes the site (dist/ for the CLI), itself, as pages come: only what changed
   * since the last build when that folder is as it left it. Without it, outputs stay in memory.
   */
  outDir?: string;
  /** Threads that parse and render; 1 is this thread only. Default: the machine's cores, at most 4. */
  threads?: number;
  /** Files to parse, or stored pages to check, from which threads pay off (starting one costs ~0.2 s); tests set 0. */
  parallelFrom?: number;
  /** Where the client bundle comes from instead of esbuild and the cache (the live preview keeps it in esbuild's incremental context). */
  client?: () => Promise<ClientBundle>;
  /** `on-request`: the live preview encodes a photo when it is first asked for, not with the build. */
  photos?: 'with-build' | 'on-request';
  /**
   * `when-idle`: the disk cache's index is written, and the cache pruned, once no build has run
   * for a moment (and at `close`), not at the end of each build: the live preview's save then
   * shows without first writing megabytes of index. Default `each-build`.
   */
  saveIndex?: 'each-build' | 'when-idle';
}

/** A site built, as tests and tools read it. */
export interface BuiltSite {
  /** Every file of dist/, keyed by its path there; text files as strings. Files made on request (share cards) are not among them. */
  files: Map<string, string | Uint8Array>;
  routes: Route[];
  /** The French site's content, the main site's. */
  content: SharedContent;
  /** The content of each language the site has. */
  contents: SiteContents;
  /** What every page of each language was rendered with (the web editor's preview renders with it too). */
  data: SiteDataSet;
  /** The French files that say `frenchOnly: true`: pages without an English counterpart, on purpose. */
  frenchOnly: string[];
  webhook: Webhook;
  /** What to replace before going live; asked for with `checklist`, empty otherwise. */
  checklist: RuleDiagnostic[];
  /** What the build accepts but an editor should fix: a photo narrower than its place needs. */
  warnings: RuleDiagnostic[];
}

/** What one build made: each file's digest for its bytes, and what the engine did. */
export interface BuildResult extends Omit<BuiltSite, 'files'>, CacheReport {
  /** Every output file, keyed by its path under dist/. */
  outputs: Map<string, Output>;
  /** Milliseconds per phase. */
  timings: { content: number; assets: number; render: number; cards: number; links: number };
  /** How much work this build did and how much it took from the cache (`cards`: share cards drawn; `encoded`: photo files). */
  stats: { files: number; parsed: number; pages: number; rendered: number; cards: number; threads: number; written?: 'update' | 'fresh'; encoded: number };
  /** Why each page rendered by this build was not reused (`--explain`, the live preview's log). */
  renderReasons: { path: string; why: string }[];
}

/** The content stage's result: what the pages and the files of dist/ are made from. */
export interface ContentStage {
  read: ReadFiles;
  executor: Executor;
  parsed: ParsedContent;
  contents: SiteContents;
  cities: CityFile[];
  frenchOnly: string[];
  routes: Route[];
}

/** The photos named, and their files on the way unless they are encoded on request. */
export interface PlannedPhotos extends PreparedPhotos {
  files: Promise<Map<string, Uint8Array>> | undefined;
  /** Files the engine had encoded before this build. */
  encodedBefore: number;
}
