import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { ContentError } from '../content/content-error.ts';
import { type LinkDiagnostic, linksReport, type RuleDiagnostic } from '../shared/diagnostic.ts';
import { type ContentFile, listContentFiles } from '../content/content-files.ts';
import { crossCheck } from '../content/cross-check.ts';
import type { Entry } from '../content/parse-entry.ts';
import type { CitySummary, Service, Site } from '../content/types.ts';
import { webManifest } from '../emit/manifest.ts';
import { checkHeaders, headersFile } from '../emit/headers-file.ts';
import { robotsTxt, sitemapXml } from '../emit/sitemap.ts';
import { outputFile } from '../site/paths.ts';
import { PAGE_FILES, PAGE_KINDS, type Pages } from '../site/page-kinds.ts';
import { buildRoutes, type Route } from '../site/routes.ts';
import type { SharedContent } from '../site/site-content.ts';
import type { SiteData } from '../render/parts/site-context.tsx';
import { assetKeys, cachedFileSet } from './assets.ts';
import { bundleClient, type ClientBundle } from './bundle-client.ts';
import { DiskCache, digest, type PackedAt } from './cache.ts';
import { findBrokenLinks, sitemapRefs } from './check-links.ts';
import { type DistManifest, DistWriter } from './dist-writer.ts';
import { type Executor, LocalExecutor, WorkerExecutor } from './executors.ts';
import { lastCommitDates } from './git-dates.ts';
import { locateLinkSources } from './link-sources.ts';
import { productionWebhookProblem } from './production-webhook.ts';
import { currentFingerprints, type Fingerprints, PREBUILT_ASSETS, PROJECT_ROOT } from './project-root.ts';
import { readPublicFiles } from './public-files.ts';
import { buildStyles, readStyles } from './styles.ts';
import type { ParseJob, ParseReply, RenderJob } from './worker-core.ts';

export interface EngineOptions {
  contentDir: string;
  publicDir?: string;
  /** Overrides the site config's base URL (env SITE_URL), e.g. for a staging host. */
  siteUrl?: string | undefined;
  /** Overrides the site config's quote webhook (env QUOTE_WEBHOOK_URL). */
  quoteWebhook?: string | undefined;
  now?: Date;
  /** Folder of the disk cache (`.cache/build` for the CLI); null keeps everything in memory. */
  cacheDir?: string | null;
  /**
   * Where the build writes the site (dist/ for the CLI), itself, as pages come: only what changed
   * since the last build when that folder is as it left it. Without it, outputs stay in memory.
   */
  outDir?: string;
  /** Threads that parse and render; 1 is this thread only. Default: the machine's cores, at most 4. */
  threads?: number;
  /** Files to parse from which threads pay off (starting one costs ~0.2 s); tests set 0. */
  parallelFrom?: number;
  /** What the cached results were made by; tests change it to see what it invalidates. */
  fingerprints?: Fingerprints;
  /** The stylesheet's source (default src/styles/site.css). */
  stylesheet?: string;
  /** A build for the live site: refuses a quote webhook that cannot receive leads. */
  production?: boolean;
  /** Where the client bundle comes from instead of esbuild and the cache (the live preview keeps it in esbuild's incremental context). */
  client?: () => Promise<ClientBundle>;
}

/** One file of the built site: its digest, and its bytes when the build keeps them in memory. */
export interface Output {
  hash: string;
  bytes?: Uint8Array;
}

export interface BuildResult {
  /** Every output file, keyed by its path under dist/. */
  outputs: Map<string, Output>;
  routes: Route[];
  content: SharedContent;
  webhook: { url: string; source: 'QUOTE_WEBHOOK_URL' | 'content/site.md' };
  /** Milliseconds per phase. */
  timings: { content: number; assets: number; render: number; links: number };
  /** How much work this build did and how much it took from the cache. */
  stats: { files: number; parsed: number; pages: number; rendered: number; threads: number; written?: 'update' | 'fresh' };
}

/** A production build whose form would post nowhere: every lead would be lost without a sound. */
export class ProductionWebhookError extends Error {
  override readonly name = 'ProductionWebhookError';
}

export class BrokenLinksError extends Error {
  constructor(readonly broken: LinkDiagnostic[]) {
    super(linksReport(broken));
    this.name = 'BrokenLinksError';
  }
}

/** Files per message to a worker: few messages, yet both threads busy until the end. */
const BATCH = 100;

interface PageRecord {
  hash: string;
  refs: string[];
  /** Kept when the build has no outDir (the live preview serves from memory). */
  bytes?: Uint8Array;
}

/** What the next build needs of this one, besides the pack files. */
interface Index {
  /** Digest of each content file's bytes, to guess how much there is to parse. */
  files: Record<string, string>;
  cities: Record<string, CitySummary>;
  parsed: Record<string, PackedAt>;
  pages: Record<string, Omit<PageRecord, 'bytes'>>;
  dist?: DistManifest;
}

/**
 * The one build: content/ → every file of the site, each piece of work keyed by its inputs.
 * A content file is parsed again only if its bytes, the site's facts or the content code
 * changed; a page is rendered again only if its own file, the shared site data (site.md, the
 * services, the pages, the featured cities, the assets) or the template code changed. `npm run
 * build`, the tests and the live preview all use it; `build()` may be called again after edits
 * (`changed` then names the files to read again, the others being taken as they were).
 */
export class BuildEngine {
  private readonly contentDir: string;
  private readonly cache: DiskCache | undefined;
  private readonly fingerprints: Fingerprints;
  private readonly threads: number;
  private executor: Executor | undefined;
  /** Digest of each content file's bytes, as last read. */
  private readonly fileHashes = new Map<string, string>();
  private readonly entries = new Map<string, Entry>();
  private readonly cities = new Map<string, CitySummary>();
  private readonly packed = new Map<string, PackedAt>();
  /** The thread holding each parsed city. */
  private readonly lanes = new Map<string, number>();
  private pages = new Map<string, PageRecord>();
  private index: Index | undefined;

  constructor(private readonly options: EngineOptions) {
    this.contentDir = resolve(options.contentDir);
    this.cache = options.cacheDir ? new DiskCache(options.cacheDir) : undefined;
    this.fingerprints = options.fingerprints ?? currentFingerprints();
    this.threads = Math.max(1, options.threads ?? Math.min(4, availableParallelism()));
    // Its keys already hold the fingerprints: entries made by other code are simply never asked for.
    this.index = this.cache?.readIndex<Index>();
  }

  async build(changed?: Iterable<string>): Promise<BuildResult> {
    const writer = this.options.outDir ? new DistWriter(this.options.outDir, this.index?.dist) : undefined;
    try {
      const result = await this.run(writer, changed);
      if (writer) {
        const dist = writer.commit();
        if (this.index) this.index.dist = dist;
        this.cache?.writeIndex(this.index);
      }
      return result;
    } catch (error) {
      writer?.abort();
      throw error;
    }
  }

  private async run(writer: DistWriter | undefined, changed?: Iterable<string>): Promise<BuildResult> {
    const fp = this.fingerprints;
    let mark = performance.now();
    const lap = () => {
      const now = performance.now();
      const ms = now - mark;
      mark = now;
      return ms;
    };

    // esbuild works in its own process: the client bundle is made while this thread parses.
    const styleSource = readStyles(this.options.stylesheet);
    const { client: clientKey, css: cssKey } = assetKeys(fp, styleSource);
    const assets = Promise.all([
      this.options.client ? this.options.client() : cachedFileSet(this.cache, clientKey, bundleClient, PREBUILT_ASSETS),
      cachedFileSet(this.cache, cssKey, () => buildStyles(styleSource), PREBUILT_ASSETS),
    ]);
    // Awaited below; until then a failure must not go unhandled.
    assets.catch(() => undefined);
    const commitDates = lastCommitDates(this.contentDir);

    const listed = listContentFiles(this.contentDir, PAGE_FILES);
    const issues: RuleDiagnostic[] = [...listed.issues];
    const reread = changed ? new Set([...changed].map((p) => resolve(p))) : undefined;
    const hashes = new Map<string, string>();
    let read = 0;
    let unchanged = 0;
    for (const f of listed.files) {
      const known = this.fileHashes.get(f.path);
      if (reread && known && !reread.has(f.path)) {
        hashes.set(f.path, known);
        continue;
      }
      const hash = digest(readFileSync(f.path));
      hashes.set(f.path, hash);
      read++;
      if (this.index?.files[f.file] === hash) unchanged++;
    }
    this.fileHashes.clear();
    for (const [path, hash] of hashes) this.fileHashes.set(path, hash);
    // Threads pay off when much is to parse, or every page to render (no dist/ to reuse).
    const heavy = read - unchanged + (writer?.mode === 'fresh' || (!writer && this.pages.size === 0) ? listed.files.length : 0);
    const executor = this.executorFor(heavy);
    // The thread that parses a file reads it again and checks these bytes are the ones hashed:
    // texts never sit in this thread nor travel in messages.
    const job = (f: ContentFile, key: string): ParseJob => {
      const packed = this.packed.get(key) ?? this.index?.parsed[key];
      return { key, kind: f.kind, path: f.path, file: f.file, bytes: hashes.get(f.path)!, ...(packed ? { packed } : {}) };
    };
    const stored = (key: string) => {
      const at = this.index?.parsed[key];
      return at && this.cache?.readPacked<Entry>(key, at);
    };

    // site.md first: its facts fill every other file's tokens and contact links.
    let site: Site | null = null;
    let parsed = 0;
    const keys = new Map<ContentFile, string>();
    const siteFile = listed.files.find((f) => f.kind.type === 'site');
    if (siteFile) {
      const key = digest(fp.content, 'site', siteFile.file, hashes.get(siteFile.path)!);
      keys.set(siteFile, key);
      let entry = this.entries.get(key) ?? stored(key);
      if (!entry) {
        parsed++;
        const [reply] = await executor.parse(0, [job(siteFile, key)], null);
        if (reply && !reply.ok) issues.push(...reply.issues);
        if (reply?.ok && 'entry' in reply) {
          entry = reply.entry;
          if (reply.packed) this.packed.set(key, reply.packed);
        }
      }
      if (entry?.type === 'site') {
        this.entries.set(key, entry);
        site = entry.value;
      }
    }
    const tokens = site ? digest(site.name, site.phone, site.email, site.tel) : 'sans-site';

    const cityJobs: ParseJob[] = [];
    const otherJobs: ParseJob[] = [];
    for (const f of listed.files) {
      if (f === siteFile) continue;
      const key = digest(fp.content, f.kind.type === 'page' ? `page:${f.kind.page}` : f.kind.type, f.file, hashes.get(f.path)!, tokens);
      keys.set(f, key);
      if (f.kind.type === 'city') {
        const summary = this.cities.get(key) ?? this.index?.cities[key];
        if (summary) this.cities.set(key, summary);
        else cityJobs.push(job(f, key));
      } else if (!this.entries.has(key)) {
        const entry = stored(key);
        if (entry) this.entries.set(key, entry);
        else otherJobs.push(job(f, key));
      }
    }
    const replies = await this.parseAll(executor, cityJobs, otherJobs, site);
    parsed += replies.length;
    for (const reply of replies) {
      if (reply.packed) this.packed.set(reply.key, reply.packed);
      if (!reply.ok) continue;
      if ('city' in reply) this.cities.set(reply.key, reply.city);
      else this.entries.set(reply.key, reply.entry);
    }

    // Messages in file order, whichever thread found them.
    const issuesByKey = new Map(replies.flatMap((r) => (r.ok ? [] : [[r.key, r.issues] as const])));
    let servicesValid = true;
    const services: Service[] = [];
    const citySummaries: { summary: CitySummary; key: string; file: ContentFile }[] = [];
    const pages: Record<string, unknown> = {};
    for (const f of listed.files) {
      const key = keys.get(f);
      if (!key || f === siteFile) continue;
      const problems = issuesByKey.get(key);
      if (problems) {
        issues.push(...problems);
        if (f.kind.type === 'service') servicesValid = false;
        continue;
      }
      if (f.kind.type === 'city') {
        citySummaries.push({ summary: this.cities.get(key)!, key, file: f });
        continue;
      }
      const entry = this.entries.get(key)!;
      if (entry.type === 'service') services.push(entry.value);
      else if (entry.type === 'page') pages[entry.page] = entry.value;
    }
    // Checked in file order, so « déjà utilisé » names the file that comes first in its folder.
    issues.push(...crossCheck(services, citySummaries.map((c) => c.summary), servicesValid));
    services.sort((a, b) => a.order - b.order);
    citySummaries.sort((a, b) => a.summary.order - b.summary.order);
    const cities = citySummaries.map((c) => c.summary);
    if (issues.length > 0 || !site) throw new ContentError(issues);

    if (this.options.siteUrl) site = { ...site, baseUrl: this.options.siteUrl.replace(/\/+$/, '') };
    const content: SharedContent = { site, services, cities, pages: pages as unknown as Pages };
    const routes = buildRoutes(content);
    const contentMs = lap();

    const [client, styles] = await assets;
    const assetsMs = lap();

    const webhook = this.options.quoteWebhook
      ? { url: this.options.quoteWebhook, source: 'QUOTE_WEBHOOK_URL' as const }
      : { url: site.quoteWebhook, source: 'content/site.md' as const };
    const refused = this.options.production ? productionWebhookProblem(webhook.url) : undefined;
    if (refused) throw new ProductionWebhookError(refused);
    const headers = headersFile({ webhook: webhook.url });
    const headerProblems = checkHeaders(headers);
    if (headerProblems.length > 0) throw new Error(`_headers refusé par les règles de l’hébergeur :\n  ${headerProblems.join('\n  ')}`);
    const data: SiteData = {
      ...content,
      featuredCities: cities.filter((c) => c.featured),
      assets: { css: styles.meta.url, js: client.meta.entry },
      buildYear: (this.options.now ?? new Date()).getFullYear(),
      quoteWebhook: webhook.url,
    };
    const { cities: _all, ...shared } = data;
    const shellKey = digest(fp.render, JSON.stringify(shared));
    const citiesKey = digest(JSON.stringify(cities));
    const cityByFile = new Map(citySummaries.map((c) => [c.summary.file, c]));

    // Each page once, however many addresses it has: the table lists its primary address first.
    const nextPages = new Map<string, PageRecord>();
    const pageKeys = new Map<Route['page'], string>();
    const jobs: { lane: number; job: RenderJob }[] = [];
    let spread = 0;
    for (const route of routes) {
      if (pageKeys.has(route.page)) continue;
      const page = route.page;
      const city = page.template === 'city' ? cityByFile.get(page.city.file)! : undefined;
      const kind = PAGE_KINDS[page.template];
      const deps = city ? city.key : kind.type === 'single' && 'listsCities' in kind && kind.listsCities ? citiesKey : '';
      const key = digest(shellKey, route.canonical, page.template, deps);
      pageKeys.set(page, key);
      const record: PageRecord | undefined = this.pages.get(key) ?? this.index?.pages[key];
      if (record && (record.bytes || writer?.has(record.hash))) {
        nextPages.set(key, record);
        continue;
      }
      const lane = city ? (this.lanes.get(city.key) ?? spread++) : spread++;
      const target = writer?.fileFor(outputFile(route.path));
      jobs.push({ lane, job: { id: key, route, ...(target ? { target } : {}), ...(city ? { city: job(city.file, city.key) } : {}) } });
    }
    if (jobs.length > 0) {
      await executor.setData(data);
      const byLane = new Map<number, RenderJob[]>();
      for (const { lane, job: j } of jobs) {
        const l = lane % executor.lanes;
        if (!byLane.has(l)) byLane.set(l, []);
        byLane.get(l)!.push(j);
      }
      const jobById = new Map(jobs.map(({ job: j }) => [j.id, j]));
      const done = [...byLane].flatMap(([lane, list]) =>
        chunks(list, BATCH).map(async (batch) => {
          for (const reply of await executor.render(lane, batch)) {
            const record: PageRecord = { hash: reply.hash, refs: reply.refs.map((r) => this.intern(r)) };
            const rendered = jobById.get(reply.id)!;
            if (writer && rendered.target) writer.adopt(outputFile(rendered.route.path), reply.hash, rendered.target);
            else record.bytes = reply.bytes!;
            nextPages.set(reply.id, record);
          }
        }),
      );
      await Promise.all(done);
    }
    this.pages = nextPages;

    const outputs = new Map<string, Output>();
    const encode = (text: string) => new TextEncoder().encode(text);
    const add = (path: string, bytes: Uint8Array) => {
      const hash = digest(bytes);
      outputs.set(path, writer ? { hash } : { hash, bytes });
      writer?.put(path, hash, bytes);
    };
    for (const [path, bytes] of readPublicFiles(this.options.publicDir ?? join(PROJECT_ROOT, 'public'))) add(path, bytes);
    for (const [path, bytes] of client.files) add(path, bytes);
    for (const [path, bytes] of styles.files) add(path, bytes);
    for (const route of routes) {
      const record = nextPages.get(pageKeys.get(route.page)!)!;
      const path = outputFile(route.path);
      outputs.set(path, record.bytes ? { hash: record.hash, bytes: record.bytes } : { hash: record.hash });
      writer?.put(path, record.hash);
    }
    const sitemap = sitemapXml(site.baseUrl, routes, lastmod(await commitDates, listed.files));
    add('sitemap.xml', encode(sitemap));
    add('robots.txt', encode(robotsTxt(site.baseUrl)));
    add('site.webmanifest', encode(webManifest(site)));
    add('_headers', encode(headers));
    const renderMs = lap();

    const linked: [string, readonly string[]][] = routes.map((r) => [outputFile(r.path), nextPages.get(pageKeys.get(r.page)!)!.refs]);
    linked.push(['sitemap.xml', sitemapRefs(sitemap)]);
    const broken = findBrokenLinks(linked, (f) => outputs.has(f), site.baseUrl);
    if (broken.length > 0) throw new BrokenLinksError(locateLinkSources(broken, listed.files, ownFile(routes, listed.files), site.baseUrl));
    const linksMs = lap();

    this.remember(listed.files, keys, citySummaries, nextPages, [clientKey, cssKey]);
    return {
      outputs,
      routes,
      content,
      webhook,
      timings: { content: contentMs, assets: assetsMs, render: renderMs, links: linksMs },
      stats: {
        files: listed.files.length,
        parsed,
        pages: nextPages.size,
        rendered: jobs.length,
        threads: executor.lanes,
        ...(writer ? { written: writer.mode } : {}),
      },
    };
  }

  /** One copy of each link target, however many pages and threads report it. */
  private readonly refs = new Map<string, string>();
  private intern(ref: string): string {
    let known = this.refs.get(ref);
    if (known === undefined) this.refs.set(ref, (known = ref));
    return known;
  }

  async close(): Promise<void> {
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

  /** Cities split evenly over the threads in batches, the few other files on the first thread. */
  private async parseAll(executor: Executor, cityJobs: ParseJob[], otherJobs: ParseJob[], site: Site | null): Promise<ParseReply[]> {
    const calls: Promise<ParseReply[]>[] = [];
    if (otherJobs.length > 0) calls.push(executor.parse(0, otherJobs, site));
    const share = Math.ceil(cityJobs.length / executor.lanes);
    for (let lane = 0; lane < executor.lanes; lane++) {
      const mine = cityJobs.slice(lane * share, (lane + 1) * share);
      for (const batch of chunks(mine, BATCH)) {
        for (const j of batch) this.lanes.set(j.key, lane);
        calls.push(executor.parse(lane, batch, site));
      }
    }
    return (await Promise.all(calls)).flat();
  }

  /**
   * Keeps, in memory and in the index, what this build used and nothing older: a live preview
   * runs for hours, and the cache must not grow with every save.
   */
  private remember(files: ContentFile[], keys: Map<ContentFile, string>, cities: { key: string }[], pages: Map<string, PageRecord>, assets: string[]): void {
    const live = new Set(keys.values());
    for (const map of [this.entries, this.cities, this.lanes, this.packed] as Map<string, unknown>[]) {
      for (const key of map.keys()) if (!live.has(key)) map.delete(key);
    }
    if (!this.cache) return;
    const parsed = Object.fromEntries([...live].flatMap((k) => {
      const at = this.packed.get(k) ?? this.index?.parsed[k];
      return at ? [[k, at]] : [];
    }));
    this.index = {
      files: Object.fromEntries(files.map((f) => [f.file, this.fileHashes.get(f.path)!])),
      cities: Object.fromEntries(cities.map((c) => [c.key, this.cities.get(c.key)!])),
      parsed,
      pages: Object.fromEntries([...pages].map(([key, { hash, refs }]) => [key, { hash, refs }])),
      ...(this.index?.dist ? { dist: this.index.dist } : {}),
    };
    if (!this.options.outDir) this.cache.writeIndex(this.index);
    this.cache.prune('packs', new Set(Object.values(parsed).map(([pack]) => pack)));
    this.cache.prune('assets', new Set(assets));
  }
}

/** The content file a page is made from: its own text (site.md, which feeds every page, aside). */
function contentFileOf(files: ContentFile[]) {
  const byName = new Map(files.map((f) => [f.file, f]));
  const pageFiles = new Map(files.flatMap((f) => (f.kind.type === 'page' ? [[f.kind.page as string, f]] : [])));
  return (page: Route['page']): ContentFile | undefined =>
    page.template === 'city' ? byName.get(page.city.file) : page.template === 'service' ? byName.get(page.service.file) : pageFiles.get(page.template);
}

/** The content file each page of dist/ is made from, by its path there. */
function ownFile(routes: Route[], files: ContentFile[]) {
  const source = contentFileOf(files);
  const byOutput = new Map(routes.map((r) => [outputFile(r.path), r.page]));
  return (output: string): string | undefined => {
    const page = byOutput.get(output);
    return page && source(page)?.file;
  };
}

/**
 * A page's `lastmod`: the later of the last commits that touched its own content file and
 * site.md (whose facts are on every page); unknown without history.
 */
function lastmod(dates: Map<string, string>, files: ContentFile[]) {
  const source = contentFileOf(files);
  const site = files.find((f) => f.kind.type === 'site');
  const siteDate = site && dates.get(site.path);
  return (route: Route): string | undefined => {
    const own = source(route.page);
    const candidates = [own && dates.get(own.path), siteDate].filter((d): d is string => !!d);
    return candidates.sort((a, b) => Date.parse(b) - Date.parse(a))[0];
  };
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
