import { join, resolve } from 'node:path';
import type { RuleDiagnostic } from '../../shared/diagnostic.ts';
import type { QuoteMode } from '../../shared/quote/quote-schema.ts';
import type { SiteDataSet } from '../../render/site-data.ts';
import { drawCard } from '../../shared/card/draw-node.ts';
import type { SharedContent, SiteContents } from '../../site/site-content.ts';
import { buildRoutes, type Route } from '../../site/routes.ts';
import { LaunchChecklistError } from '../build-errors.ts';
import { bundleClient, pageClient } from '../bundle-client.ts';
import { lastCommitDates } from '../git-dates.ts';
import { lastmod } from '../page-sources.ts';
import { Photos, photoRefsOf } from '../photos/photos.ts';
import { currentFingerprints, type Fingerprints, PROJECT_ROOT } from '../project-root.ts';
import { readPublicFiles } from '../public-files.ts';
import { buildStyles, readStyles } from '../styles.ts';
import { type AssembledContent, assembleContent } from './assemble.ts';
import { checkedHeadersFile, checkLinks, deployConfigBeside, launchChecklistOf } from './checks.ts';
import { type Entries, parseEntries } from './entries.ts';
import { readSourceFiles, type SourceFiles } from './files.ts';
import { siteOutputs } from './outputs.ts';
import { renderPages } from './pages.ts';
import { chooseWebhook, shareSiteData, type Webhook } from './site-data.ts';
import type { RenderedRoute } from './pages.ts';

/** What a site is built from besides its content folder; the fast engine (EngineOptions) adds how. */
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

/**
 * content/ → every file of dist/: the reference build. Each phase takes values and returns values
 * (files → entries → content → routes → pages → outputs), in this thread, with no cache: slow,
 * complete and correct. The fast engine (BuildEngine) must make the same bytes; a test holds it to it.
 */
export async function buildSite(options: SiteOptions): Promise<BuiltSite> {
  const { sources, entries, contents, frenchOnly } = readContent(options.contentDir, options.siteUrl);
  const commitDates = lastCommitDates(resolve(options.contentDir));
  const routes = buildRoutes(contents);
  const photos = await encodePhotos(options.contentDir, contents);
  const [client, styles] = await Promise.all([bundleClient(), buildStyles(readStyles(options.stylesheet))]);
  const { site } = contents.fr;
  const webhook = chooseWebhook(options.quoteWebhook, site, options.quoteDelivery);
  const checklist = options.production || options.checklist ? launchChecklistOf(sources, webhook, options.siteUrl, contents, deployConfigBeside(options.contentDir)) : [];
  if (options.production && checklist.length > 0) throw new LaunchChecklistError(checklist);
  const { script, files: clientFiles } = pageClient(client);
  const headers = checkedHeadersFile(webhook.url, { style: styles.meta.text, script });
  const cardDesign = (options.fingerprints ?? currentFingerprints()).card;
  const data = shareSiteData(contents, { css: styles.meta.url, style: styles.meta.text, script }, options.now, webhook, cardDesign, photos.manifest);
  const pages = renderPages(routes, data, entries.cities);
  const cards = options.cards === 'with-build' ? await drawCards(pages.values()) : new Map<string, Uint8Array>();
  const { files, sitemap } = siteOutputs({
    publicFiles: readPublicFiles(options.publicDir ?? join(PROJECT_ROOT, 'public')),
    assets: [clientFiles, styles.files, photos.files],
    routes,
    pages,
    cards,
    site,
    headers,
    lastmod: lastmod(await commitDates, sources.files),
  });
  // The host draws a card on its first request: its name is a file of the site all the same.
  const onRequest = new Set(options.cards === 'with-build' ? [] : [...pages.values()].map((p) => p.card.path.slice(1)));
  checkLinks({ routes, refsOf: (page) => pages.get(page)!.refs, has: (f) => files.has(f) || onRequest.has(f), sitemap, files: sources.files, baseUrl: site.baseUrl });
  return { files: siteFiles(files), routes, content: contents.fr, contents, data, frenchOnly, webhook, checklist, warnings: photos.warnings };
}

/** The first phases alone: files → entries → the site's content, or every problem of its files thrown together as one ContentError. */
function readContent(contentDir: string, siteUrl?: string): AssembledContent & { sources: SourceFiles; entries: Entries } {
  const sources = readSourceFiles(contentDir);
  const entries = parseEntries(sources);
  return { sources, entries, ...assembleContent(sources.files, sources.issues, (f) => entries.parsed.get(f)!, entries.site, siteUrl) };
}

/** The content of a folder in every language it has (for tests of the content rules, which need no page). */
export function loadContents(contentDir: string): SiteContents {
  return readContent(contentDir).contents;
}

/** The same, French only. */
export function loadContent(contentDir: string): SharedContent {
  return loadContents(contentDir).fr;
}

/** Every photo the content names, checked and encoded (in memory: the reference keeps no store). */
async function encodePhotos(contentDir: string, contents: SiteContents) {
  const photos = new Photos(resolve(contentDir), null);
  const everyLanguage = [contents.fr, ...(contents.en ? [contents.en] : [])];
  const prepared = await photos.prepare(photoRefsOf(everyLanguage.flatMap((c) => [c.site, ...c.services, ...c.cities, ...Object.values(c.pages)])));
  return { ...prepared, files: await photos.files() };
}

/** Each page's share card, drawn once however many addresses its page has, by URL. */
async function drawCards(pages: Iterable<RenderedRoute>): Promise<Map<string, Uint8Array>> {
  const cards = new Map<string, Uint8Array>();
  for (const { card } of pages) if (!cards.has(card.path)) cards.set(card.path, await drawCard(card.facts));
  return cards;
}

const TEXT = /\.(html|xml|txt|css)$/;

/** The files of a site as tests and tools read them: text files as strings. */
export function siteFiles(files: Iterable<[string, Uint8Array]>): Map<string, string | Uint8Array> {
  const decoder = new TextDecoder();
  return new Map([...files].map(([path, bytes]) => [path, TEXT.test(path) ? decoder.decode(bytes) : bytes]));
}
