import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { Assets } from '../../render/site-data.ts';
import type { SiteContents } from '../../site/site-content.ts';
import { pageClient } from '../bundle-client.ts';
import { type BuildOutcome, BuildState } from './build-state.ts';
import { DiskCache } from './cache.ts';
import { DistWriter } from './dist-writer.ts';
import { checkStoredPages, type Executor, executorFor } from './executors.ts';
import type { StoredPageChecks } from './threads/stored-page-checks.ts';
import { CommitDates } from '../git-dates.ts';
import { digest } from '../digest.ts';
import { LaunchChecklistError } from '../build-errors.ts';
import { checkedHeadersFile, checkLinks } from '../pipeline/checks.ts';
import { checklistInputOf, deployConfigBeside, launchItems } from './phases/checklist-input.ts';
import { type ChecklistInput, launchChecklist } from '../../content/launch-checklist.ts';
import { type CheckedLinks, checkLinksAgain } from './phases/checked-links.ts';
import { type DrawnCards, drawCards } from './phases/draw-cards.ts';
import { type EmittedFiles, emitFiles, type Output } from './phases/emit-files.ts';
import { type ReadFiles, readContent } from './phases/read-content.ts';
import { type RenderedPages, renderPages } from './phases/render-pages.ts';
import { chooseWebhook, shareSiteData } from '../pipeline/site-data.ts';
import { type StartedAssets, startAssets } from './phases/start-assets.ts';
import { startLaps } from './laps.ts';
import { photoRefsOf, Photos } from '../photos/photos.ts';
import { currentFingerprints, type Fingerprints, PROJECT_ROOT } from '../project-root.ts';
import type { BuildResult, ContentStage, EngineOptions, PlannedPhotos } from './build-types.ts';
import type { ChecklistMemo } from './state-records.ts';

export { BrokenLinksError, LaunchChecklistError } from '../build-errors.ts';
export type { Output };
export type { BuildResult, BuiltSite, EngineOptions, SiteOptions } from './build-types.ts';

/**
 * Links into a fresh dist/ from which a thread of their own makes them (link-queue.ts), when the
 * build has more than one thread: a build without dist/ that takes its pages from the page store
 * queues one per page; a clean build, a few aliases.
 */
const LINK_THREAD_FROM = 1000;

/** Files to parse, pages to render or stored pages to check from which threads pay off: starting one costs ~0.2 s. */
const PARALLEL_FROM = 150;

/** How long the engine stays idle before a `when-idle` index is written: past the page's fetch of what a save changed. */
const IDLE_SAVE_MS = 250;

/**
 * The one build: content/ → every file of the site, each piece of work keyed by its inputs. Every
 * command, the live preview and the tests' reference (cold, one thread) build through it;
 * `build()` may run again after edits (`changed` names the files to read again). Each phase is a
 * module of phases/; what outlives a build is in BuildState.
 */
export class BuildEngine {
  private readonly contentDir: string;
  private readonly cache: DiskCache | undefined;
  private readonly fingerprints: Fingerprints;
  private readonly threads: number;
  private readonly state: BuildState;
  private readonly photos: Photos;
  private readonly commitDates: CommitDates;
  private executor: Promise<Executor> | undefined;
  /** The index write a `when-idle` engine owes, and its timer while it waits. */
  private pendingSave: { save: () => void; timer?: NodeJS.Timeout } | undefined;

  constructor(private readonly options: EngineOptions) {
    this.contentDir = resolve(options.contentDir);
    this.cache = options.cacheDir ? DiskCache.forBuild(options.cacheDir, options.environment) : undefined;
    this.fingerprints = options.fingerprints ?? currentFingerprints();
    this.threads = Math.max(1, options.threads ?? Math.min(4, availableParallelism()));
    this.state = new BuildState(this.cache);
    this.photos = new Photos(this.contentDir, this.cache?.root, this.fingerprints.photos);
    this.commitDates = new CommitDates(this.contentDir, this.state.commitDates);
  }

  /** Nothing in outDir changes unless the whole build passes. */
  async build(changed?: Iterable<string>): Promise<BuildResult> {
    // A save while this build runs would prune what it is writing.
    clearTimeout(this.pendingSave?.timer);
    this.state.begin();
    const writer = this.options.outDir ? new DistWriter(this.options.outDir, this.state.dist, this.threads > 1 ? LINK_THREAD_FROM : Infinity) : undefined;
    // What the phases return; the state takes it in one commit, what a failed build finished too.
    const outcome: BuildOutcome = {};
    try {
      // An index written at once has its text made at the commit, while the last links into dist/ are being made.
      const result = await this.run(writer, outcome, changed).finally(() => this.state.commit(outcome, { indexNow: this.options.saveIndex !== 'when-idle' }));
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

  /**
   * The lifecycle, in the order it runs: start what works meanwhile (assets, commit dates,
   * stored-page checks), read the content, plan the photos, make the pages, draw the cards, emit
   * every file, check the links, remember what the next build may reuse. A first build is one
   * where everything changed.
   */
  private async run(writer: DistWriter | undefined, outcome: BuildOutcome, changed?: Iterable<string>): Promise<BuildResult> {
    const lap = startLaps();
    const started = this.start(writer);
    const content = await this.contentStage(changed, (read) => this.pagesToRender(read, started.assets, writer), outcome);
    const photos = await this.planPhotos(content.contents);
    const contentMs = lap();
    const [bundle, styles] = await started.assets.ready;
    const client = pageClient(bundle);
    const assetsMs = lap();
    const made = await this.makePages(content, photos, writer, { css: styles.meta.url, style: styles.meta.text, script: client.script }, started.storedPageChecks);
    outcome.pages = made.pages;
    if (made.checklist) outcome.checklist = made.checklist;
    for (const { path, hash, file } of made.pages.staged) writer?.adopt(path, hash, file);
    const renderMs = lap();
    const cards = this.options.cards === 'with-build' ? await drawCards({ pages: made.pages, executor: content.executor, state: this.state, store: this.cache?.cards, writer }) : undefined;
    if (cards) outcome.cards = cards;
    const cardsMs = lap();
    const emitted = emitFiles({
      publicDir: this.options.publicDir ?? join(PROJECT_ROOT, 'public'),
      assets: [{ files: client.files, meta: null }, styles, { files: (await photos.files) ?? new Map(), meta: null }],
      routes: content.routes,
      pages: made.pages,
      cards: cards?.files ?? [],
      site: content.contents.fr.site,
      headers: made.headers,
      commitDates: await started.commitDates,
      files: content.read.files,
      writer,
    });
    const emitMs = lap();
    outcome.checkedLinks = this.checkOutputs(content, photos, made.pages, emitted, !!cards);
    const linksMs = lap();
    const { read, parsed, cities, contents } = content;
    outcome.used = { files: read.files, keys: parsed.keys, cityKeys: cities.map((c) => c.key), assets: started.assets.keys, render: this.fingerprints.render, commitDates: this.commitDates.kept() };
    return {
      outputs: emitted.outputs,
      routes: content.routes,
      content: contents.fr,
      contents,
      data: made.data,
      frenchOnly: content.frenchOnly,
      webhook: made.webhook,
      checklist: made.checklist ? launchItems(made.checklist.found) : [],
      warnings: photos.warnings,
      timings: { content: contentMs, assets: assetsMs, render: renderMs + emitMs, cards: cardsMs, links: linksMs },
      renderReasons: made.pages.reasons,
      cacheSetAside: this.cache?.takeSetAside(),
      stats: this.statsOf(content, made.pages, cards, photos, writer),
    };
  }

  /** How much work this build did, and how much it took from the cache. */
  private statsOf(content: ContentStage, pages: RenderedPages, cards: DrawnCards | undefined, photos: PlannedPhotos, writer: DistWriter | undefined): BuildResult['stats'] {
    return {
      files: content.read.files.length,
      parsed: content.parsed.parsed,
      pages: pages.records.size,
      rendered: pages.fresh.length,
      cards: cards?.drawn ?? 0,
      threads: content.executor.threads,
      encoded: this.photos.encoded - photos.encodedBefore,
      ...(writer ? { written: writer.mode } : {}),
    };
  }

  /** What works while this thread reads the content: esbuild, git, and, without dist/, the checks of the stored pages. */
  private start(writer: DistWriter | undefined) {
    const { options, state } = this;
    const from = options.parallelFrom ?? PARALLEL_FROM;
    const hashes = writer?.mode === 'fresh' && this.threads > 1 && this.cache ? state.lastPageHashes() : undefined;
    const storedPageChecks = hashes && hashes.length >= from ? checkStoredPages(this.cache!.pages, hashes, from) : undefined;
    const assets = startAssets({ cache: this.cache, fingerprints: this.fingerprints, stylesheet: options.stylesheet, client: options.client });
    return { storedPageChecks, assets, commitDates: this.commitDates.get() };
  }

  /**
   * The content read, parsed and assembled, and its routes (phases/read-content.ts).
   * `pagesToRender` says how many pages will be rendered besides: with the files to parse,
   * whether threads pay off.
   */
  contentStage(changed?: Iterable<string>, pagesToRender: (read: ReadFiles) => number = () => 0, outcome: BuildOutcome = {}): Promise<ContentStage> {
    const { contentDir, state, fingerprints, options } = this;
    return readContent({ contentDir, changed, state, fingerprints, siteUrl: options.siteUrl, executorFor: (read) => this.executorFor(read.changed + pagesToRender(read)), outcome });
  }

  /** Every page, when the last build's cannot be reused; none else (dist/'s links then come from the page store). */
  private pagesToRender(read: ReadFiles, assets: StartedAssets, writer: DistWriter | undefined): number {
    const renderAll = !this.state.mayReusePages(read, { assets: assets.keys, render: this.fingerprints.render }, writer?.mode === 'update');
    if (!renderAll) writer?.expectLinks(this.state.lastPageHashes().length);
    return renderAll ? read.files.length : 0;
  }

  /** Every photo the content names, checked and named; its files encode while the pages render (or on request). */
  private async planPhotos(contents: SiteContents): Promise<PlannedPhotos> {
    const encodedBefore = this.photos.encoded;
    const everyLanguage = [contents.fr, ...(contents.en ? [contents.en] : [])];
    const prepared = await this.photos.prepare(photoRefsOf(everyLanguage.flatMap((c) => [c.site, ...c.services, ...c.cities, ...Object.values(c.pages)])));
    const files = this.options.photos === 'on-request' ? undefined : this.photos.files();
    // Awaited with the outputs; a failure meanwhile must not count as unhandled.
    files?.catch(() => undefined);
    return { ...prepared, files, encodedBefore };
  }

  /** The checks that need no page (a refused build renders nothing), then every page, rendered or reused. */
  private async makePages(source: ContentStage, photos: PlannedPhotos, writer: DistWriter | undefined, assets: Assets, storedPageChecks: Promise<StoredPageChecks> | undefined) {
    const { options } = this;
    const { contents, read } = source;
    const webhook = chooseWebhook(options.quoteWebhook, contents.fr.site, options.quoteDelivery);
    const checklist = options.production || options.checklist ? this.launchChecklist(checklistInputOf(read, webhook, options.siteUrl, contents, deployConfigBeside(this.contentDir))) : undefined;
    if (options.production && checklist && checklist.found.length > 0) throw new LaunchChecklistError(launchItems(checklist.found));
    const headers = checkedHeadersFile(webhook.url, { style: assets.style, script: assets.script });
    const data = shareSiteData(contents, assets, options.now, webhook, this.fingerprints.card, photos.manifest);
    const pages = await renderPages({ routes: source.routes, data, cities: source.cities, renderFingerprint: this.fingerprints.render, executor: source.executor, state: this.state, writer, storedPageChecks });
    return { webhook, checklist, headers, data, pages };
  }

  /**
   * The launch checklist, listed again only when a file it reads or its code changed: listing it
   * parses site.md's YAML again for positions, ~45 ms of every `npm start` whose content did not change.
   */
  private launchChecklist(input: ChecklistInput): ChecklistMemo {
    const key = digest(this.fingerprints.checklist, JSON.stringify(input));
    const last = this.state.last.checklist;
    return last?.key === key ? last : { key, found: launchChecklist(input) };
  }

  /** Names what is made on request (photos, cards) so links to them hold, then checks the links again: only what changed since the last check. */
  private checkOutputs(source: ContentStage, photos: PlannedPhotos, pages: RenderedPages, emitted: EmittedFiles, cardsDrawn: boolean): CheckedLinks {
    const { site } = source.contents.fr;
    if (!photos.files) for (const path of photos.jobs.keys()) emitted.outputs.set(path, { hash: path, onRequest: true });
    if (!cardsDrawn) for (const record of pages.records.values()) emitted.outputs.set(record.card.path.slice(1), { hash: record.card.path, onRequest: true });
    return checkLinksAgain(this.state.last.checkedLinks, emitted.outputs, site.baseUrl, (known) =>
      checkLinks({ routes: source.routes, refsOf: (page) => pages.records.get(pages.keys.get(page)!)!.refs, has: (f) => emitted.outputs.has(f), sitemap: emitted.sitemap, files: source.read.files, baseUrl: site.baseUrl, known }),
    );
  }

  /** A photo file of the last build (`photos/<name>`), encoded now if no build or request made it yet; undefined if no photo has that name. */
  async photoFile(path: string): Promise<Uint8Array | undefined> {
    return this.photos.plans(path) ? this.photos.file(path) : undefined;
  }

  async close(): Promise<void> {
    this.flushSave();
    await (await this.executor)?.close();
    this.executor = undefined;
  }

  /** Worker threads once there is enough to do; the same executor serves later builds. */
  private async executorFor(work: number): Promise<Executor> {
    this.executor ??= executorFor(this.threads, work, this.options.parallelFrom ?? PARALLEL_FROM, this.cache ? this.options.cacheDir! : null);
    return this.executor;
  }
}

