import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { Assets, SiteDataSet } from '../../render/site-data.ts';
import type { SharedContent, SiteContents } from '../../site/site-content.ts';
import { buildRoutes, type Route } from '../../site/routes.ts';
import { type ClientBundle, pageClient } from '../bundle-client.ts';
import { BuildState } from './build-state.ts';
import { DiskCache } from './cache.ts';
import { DistWriter } from './dist-writer.ts';
import { type Executor, LocalExecutor, WorkerExecutor } from './executors.ts';
import { CommitDates } from '../git-dates.ts';
import { digest } from '../digest.ts';
import { assembleContent } from './phases/assemble-content.ts';
import { LaunchChecklistError } from '../build-errors.ts';
import { checkedHeadersFile, checkLinks, checklistInputOf, deployConfigBeside, launchItems } from '../pipeline/checks.ts';
import { type ChecklistInput, launchChecklist } from '../../content/launch-checklist.ts';
import { checkLinksAgain } from './phases/checked-links.ts';
import { drawCards } from './phases/draw-cards.ts';
import { type EmittedFiles, emitFiles, type Output } from './phases/emit-files.ts';
import { parseContent } from './phases/parse-content.ts';
import { readFiles } from './phases/read-files.ts';
import { type RenderedPages, renderPages } from './phases/render-pages.ts';
import { chooseWebhook, shareSiteData, type Webhook } from '../pipeline/site-data.ts';
import { startAssets } from './phases/start-assets.ts';
import { photoRefsOf, Photos } from '../photos/photos.ts';
import { currentFingerprints, type Fingerprints, PROJECT_ROOT } from '../project-root.ts';
import type { BuiltSite, SiteOptions } from '../pipeline/build-site.ts';

export { BrokenLinksError, LaunchChecklistError } from '../build-errors.ts';
export type { Output };

/** How the fast engine builds, besides what the site is built from (SiteOptions, the reference's). */
export interface EngineOptions extends SiteOptions {
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
   * for IDLE_SAVE_MS (and at `close`), not at the end of each build: the live preview's save then
   * shows without first writing megabytes of index. Default `each-build`.
   */
  saveIndex?: 'each-build' | 'when-idle';
}

/**
 * Links into a fresh dist/ from which a thread of their own makes them (link-queue.ts), when the
 * build has more than one thread: a build without dist/ that takes its pages from the page store
 * queues one per page; a clean build, a few aliases.
 */
const LINK_THREAD_FROM = 1000;

/** How long the engine stays idle before a `when-idle` index is written: past the page's fetch of what a save changed. */
const IDLE_SAVE_MS = 250;

/** The reference's result (BuiltSite) with each file's digest for its bytes, and what the fast engine did. */
export interface BuildResult extends Omit<BuiltSite, 'files'> {
  /** Every output file, keyed by its path under dist/. */
  outputs: Map<string, Output>;
  /** Milliseconds per phase. */
  timings: { content: number; assets: number; render: number; cards: number; links: number };
  /** How much work this build did and how much it took from the cache (`cards`: share cards drawn; `encoded`: photo files). */
  stats: { files: number; parsed: number; pages: number; rendered: number; cards: number; threads: number; written?: 'update' | 'fresh'; encoded: number };
  /** Why each page rendered by this build was not reused (`--explain`, the live preview's log). */
  renderReasons: { path: string; why: string }[];
}

/** What the content stage hands to the pages and to the files of dist/. */
type ReadContent = Awaited<ReturnType<BuildEngine['readContent']>>;

/**
 * The one build: content/ → every file of the site, each piece of work keyed by its inputs.
 * A content file is parsed again only if its bytes, the site's facts or the content code
 * changed; a page is rendered again only if its own file, the shared site data or the template
 * code changed. `npm run build`, the tests and the live preview all use it; `build()` may be
 * called again after edits (`changed` then names the files to read again, the others being taken
 * as they were). Each phase is a module of phases/; what outlives a build is in BuildState.
 */
export class BuildEngine {
  private readonly contentDir: string;
  private readonly cache: DiskCache | undefined;
  private readonly fingerprints: Fingerprints;
  private readonly threads: number;
  private readonly state: BuildState;
  private readonly photos: Photos;
  private readonly commitDates: CommitDates;
  private executor: Executor | undefined;
  /** The index write a `when-idle` engine owes, and its timer while it waits. */
  private pendingSave: { save: () => void; timer?: NodeJS.Timeout } | undefined;

  constructor(private readonly options: EngineOptions) {
    this.contentDir = resolve(options.contentDir);
    this.cache = options.cacheDir ? new DiskCache(options.cacheDir) : undefined;
    this.fingerprints = options.fingerprints ?? currentFingerprints();
    this.threads = Math.max(1, options.threads ?? Math.min(4, availableParallelism()));
    this.state = new BuildState(this.cache);
    this.photos = new Photos(this.contentDir, this.cache?.root);
    this.commitDates = new CommitDates(this.contentDir, this.state.commitDates);
  }

  /** Nothing in outDir changes unless the whole build passes. */
  async build(changed?: Iterable<string>): Promise<BuildResult> {
    // A save while this build runs would prune what it is writing.
    clearTimeout(this.pendingSave?.timer);
    this.state.settle();
    const writer = this.options.outDir ? new DistWriter(this.options.outDir, this.state.dist, this.threads > 1 ? LINK_THREAD_FROM : Infinity) : undefined;
    try {
      const result = await this.run(writer, changed);
      // An index written at once is made while the last links into dist/ are being made.
      if (this.options.saveIndex !== 'when-idle') this.state.prepareSave();
      const dist = await writer?.commit();
      // Photos are pruned with the rest of the cache, once the build has committed.
      this.pendingSave = {
        save: () => {
          this.state.save(dist);
          this.photos.prune();
        },
      };
      return result;
    } catch (error) {
      await writer?.abort();
      throw error;
    } finally {
      this.saveIndex();
    }
  }

  /** Writes the owed index now, or once idle for a `when-idle` engine. */
  private saveIndex(): void {
    const pending = this.pendingSave;
    if (!pending) return;
    if (this.options.saveIndex !== 'when-idle') return this.flushSave();
    pending.timer = setTimeout(() => {
      // No caller to tell: a cache that could not be written costs the next start its reuse, no more.
      try {
        this.flushSave();
      } catch {}
    }, IDLE_SAVE_MS);
    // An engine left open must not keep the process alive for it.
    pending.timer.unref();
  }

  private flushSave(): void {
    const pending = this.pendingSave;
    this.pendingSave = undefined;
    clearTimeout(pending?.timer);
    pending?.save();
  }

  /** The phases in order, each stage timed: the content, the pages, then the files of dist/ and their links. */
  private async run(writer: DistWriter | undefined, changed?: Iterable<string>): Promise<BuildResult> {
    const lap = startLaps();
    const source = await this.readContent(writer, changed);
    const contentMs = lap();
    const [bundle, styles] = await source.assets.ready;
    const client = pageClient(bundle);
    const assetsMs = lap();
    const made = await this.makePages(source, writer, { css: styles.meta.url, style: styles.meta.text, script: client.script });
    const renderMs = lap();
    const cards = this.options.cards === 'with-build' ? await drawCards({ pages: made.pages, executor: source.executor, state: this.state, store: this.cache?.cards, writer }) : undefined;
    const cardsMs = lap();
    const emitted = emitFiles({
      publicDir: this.options.publicDir ?? join(PROJECT_ROOT, 'public'),
      assets: [{ files: client.files, meta: null }, styles, { files: (await source.photoFiles) ?? new Map(), meta: null }],
      routes: source.routes,
      pages: made.pages,
      cards: cards?.files ?? [],
      site: source.contents.fr.site,
      headers: made.headers,
      commitDates: await source.commitDates,
      files: source.read.files,
      writer,
    });
    const emitMs = lap();
    this.checkOutputs(source, made.pages, emitted, !!cards);
    const linksMs = lap();
    const { read, parsed, cities, contents, photos } = source;
    this.state.remember({ files: read.files, keys: parsed.keys, cityKeys: cities.map((c) => c.key), assets: source.assets.keys, render: this.fingerprints.render, commitDates: this.commitDates.kept() });
    return {
      outputs: emitted.outputs,
      routes: source.routes,
      content: contents.fr,
      contents,
      data: made.data,
      frenchOnly: source.frenchOnly,
      webhook: made.webhook,
      checklist: made.checklist,
      warnings: photos.warnings,
      timings: { content: contentMs, assets: assetsMs, render: renderMs + emitMs, cards: cardsMs, links: linksMs },
      renderReasons: made.pages.reasons,
      stats: {
        files: read.files.length,
        parsed: parsed.parsed,
        pages: made.pages.records.size,
        rendered: made.pages.rendered,
        cards: cards?.drawn ?? 0,
        threads: source.executor.threads,
        encoded: this.photos.encoded - source.encodedBefore,
        ...(writer ? { written: writer.mode } : {}),
      },
    };
  }

  /** The content read, parsed and assembled, its routes, and what starts meanwhile: the assets, the commit dates, the photos. */
  private async readContent(writer: DistWriter | undefined, changed: Iterable<string> | undefined) {
    const { options, state } = this;
    // Without dist/ as the last build left it, pages come from the page store: checked meanwhile.
    const storedPageChecks = writer?.mode === 'fresh' && this.threads > 1 ? state.checkStoredPages(options.parallelFrom ?? 150) : undefined;
    const assets = startAssets({ cache: this.cache, fingerprints: this.fingerprints, stylesheet: options.stylesheet, client: options.client });
    const commitDates = this.commitDates.get();
    const read = readFiles(this.contentDir, changed, state);
    // Threads pay off when much is to parse, or every page to render.
    const renderAll = !state.mayReusePages(read.files, { assets: assets.keys, render: this.fingerprints.render }, writer?.mode === 'update');
    if (!renderAll) writer?.expectLinks();
    const executor = this.executorFor(read.changed + (renderAll ? read.files.length : 0));
    const parsed = await parseContent(read, { executor, state, fingerprints: this.fingerprints });
    const { contents, cities, frenchOnly } = assembleContent(read, parsed, state, options.siteUrl);
    const encodedBefore = this.photos.encoded;
    const everyLanguage = [contents.fr, ...(contents.en ? [contents.en] : [])];
    const photos = await this.photos.prepare(photoRefsOf(everyLanguage.flatMap((c) => [c.site, ...c.services, ...c.cities, ...Object.values(c.pages)])));
    // Names are known before the files: pages render while the photos encode.
    const photoFiles = options.photos === 'on-request' ? undefined : this.photos.files();
    // Awaited with the outputs; a failure meanwhile must not count as unhandled.
    photoFiles?.catch(() => undefined);
    return { storedPageChecks, assets, commitDates, read, executor, parsed, contents, cities, frenchOnly, routes: buildRoutes(contents), encodedBefore, photos, photoFiles };
  }

  /** The checks that need no page (a refused build renders nothing), then every page, rendered or reused. */
  private async makePages(source: ReadContent, writer: DistWriter | undefined, assets: Assets) {
    const { options } = this;
    const { contents, read } = source;
    const webhook = chooseWebhook(options.quoteWebhook, contents.fr.site, options.quoteDelivery);
    const checklist = options.production || options.checklist ? this.launchChecklist(checklistInputOf(read, webhook, options.siteUrl, contents, deployConfigBeside(this.contentDir))) : [];
    if (options.production && checklist.length > 0) throw new LaunchChecklistError(checklist);
    const headers = checkedHeadersFile(webhook.url, { style: assets.style, script: assets.script });
    const data = shareSiteData(contents, assets, options.now, webhook, this.fingerprints.card, source.photos.manifest);
    const pages = await renderPages({ routes: source.routes, data, cities: source.cities, renderFingerprint: this.fingerprints.render, executor: source.executor, state: this.state, writer, storedPageChecks: source.storedPageChecks });
    return { webhook, checklist, headers, data, pages };
  }

  /** The launch checklist, listed again only when a file it reads or its code changed. */
  private launchChecklist(input: ChecklistInput): RuleDiagnostic[] {
    const key = digest(this.fingerprints.checklist, JSON.stringify(input));
    return launchItems(this.state.launchChecklist(key, () => launchChecklist(input)));
  }

  /** Names what is made on request (photos, cards) so links to them hold, then checks the links again: only what changed since the last check. */
  private checkOutputs(source: ReadContent, pages: RenderedPages, emitted: EmittedFiles, cardsDrawn: boolean): void {
    const { site } = source.contents.fr;
    if (!source.photoFiles) for (const path of source.photos.jobs.keys()) emitted.outputs.set(path, { hash: path, onRequest: true });
    if (!cardsDrawn) for (const record of pages.records.values()) emitted.outputs.set(record.card.path.slice(1), { hash: record.card.path, onRequest: true });
    this.state.checkedLinks = checkLinksAgain(this.state.checkedLinks, emitted.outputs, site.baseUrl, (known) =>
      checkLinks({ routes: source.routes, refsOf: (page) => pages.records.get(pages.keys.get(page)!)!.refs, has: (f) => emitted.outputs.has(f), sitemap: emitted.sitemap, files: source.read.files, baseUrl: site.baseUrl, known }),
    );
  }

  /** A photo file of the last build (`photos/<name>`), encoded now if no build or request made it yet; undefined if no photo has that name. */
  async photoFile(path: string): Promise<Uint8Array | undefined> {
    return this.photos.plans(path) ? this.photos.file(path) : undefined;
  }

  async close(): Promise<void> {
    this.flushSave();
    await this.executor?.close();
    this.executor = undefined;
  }

  /** Worker threads once there is enough to do; the same executor serves later builds. */
  private executorFor(work: number): Executor {
    if (!this.executor) {
      const cacheDir = this.cache ? this.options.cacheDir! : null;
      this.executor = this.threads > 1 && work >= (this.options.parallelFrom ?? 150) ? new WorkerExecutor(this.threads, cacheDir) : new LocalExecutor(cacheDir);
    }
    return this.executor;
  }
}

/** A stopwatch: each call returns the milliseconds since the previous one (or since it started). */
function startLaps(): () => number {
  let mark = performance.now();
  return () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };
}
