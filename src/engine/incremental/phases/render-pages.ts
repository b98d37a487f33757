import type { SiteDataSet } from '../../../render/site-data.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { CitySummary } from '../../../content/types.ts';
import { PAGE_KINDS, type PageKindName } from '../../../site/page-kinds.ts';
import { outputFile } from '../../../site/paths.ts';
import type { Route } from '../../../site/routes.ts';
import type { BuildState, PageRecord } from '../build-state.ts';
import { digest } from '../../digest.ts';
import type { DistWriter } from '../dist-writer.ts';
import type { Executor } from '../executors.ts';
import type { StoredPageChecks } from '../threads/stored-page-checks.ts';
import type { RenderJob } from '../worker-core.ts';
import type { CityFile } from './read-content.ts';
import { type KeyPartsSet, type LocaleKeyParts, localeKeyParts, renderReason } from './render-reasons.ts';

export interface RenderInput {
  routes: Route[];
  data: SiteDataSet;
  cities: CityFile[];
  /** Fingerprint of the code that renders: part of every page's key. */
  renderFingerprint: string;
  executor: Executor;
  state: BuildState;
  /** Where pages go as they are rendered; without it, their bytes stay in memory. */
  writer: DistWriter | undefined;
  /** The checks of the stored pages started with the build (executors.ts), if it started them. */
  storedPageChecks?: Promise<StoredPageChecks> | undefined;
}

export interface RenderedPages {
  /** The key of each page, whatever its number of addresses. */
  keys: Map<Route['page'], string>;
  /** Every page of the site, rendered now or reused, by its key. */
  records: Map<string, PageRecord>;
  /** The keys of the pages rendered now. */
  fresh: string[];
  /** The pages a build thread wrote where the writer said (`fileFor`), for the writer to adopt. */
  staged: { path: string; hash: string; file: string }[];
  /** Why each page rendered now was not reused, by its primary address. */
  reasons: { path: string; why: string }[];
  /** The parts of each page's key, to say next time why a page is rendered again. */
  parts: KeyPartsSet;
}

/**
 * Every page of the site, each rendered again only if its key changed: the shared site data
 * (site.md, the services, the pages, the featured cities, the assets), the template code, its
 * address and its own inputs (a city's file; every city's summary for the home and zones pages).
 * A reused page must still be at hand: in memory, in dist/ as the last build left it, or in the
 * disk cache's page store.
 */
export async function renderPages(input: RenderInput): Promise<RenderedPages> {
  const { keys, records, jobs, reasons, parts, dataKey } = planPages(input, (await input.storedPageChecks)?.whole());
  const staged = jobs.length > 0 ? await runRenders(jobs, records, dataKey, input) : [];
  return { keys, records, fresh: jobs.map((job) => job.id), staged, reasons, parts };
}

/** A language's shared key (its site data but the cities, the template code), its parts, and its cities' key. */
function localeKeys(data: SiteDataSet, renderFingerprint: string): Map<Locale, { shell: string; parts: LocaleKeyParts; cities: string }> {
  // The language link of every page depends on which languages the site has.
  const languages = Object.keys(data).join();
  return new Map(
    (Object.entries(data) as [Locale, SiteDataSet['fr']][]).map(([locale, { cities, ...shared }]) => [
      locale,
      { shell: digest(renderFingerprint, languages, JSON.stringify(shared)), parts: localeKeyParts(renderFingerprint, languages, shared), cities: digest(citiesJson(cities)) },
    ]),
  );
}

/** Each city summary's JSON, by the summary: the memo of parsed files hands the same object while its file is unchanged. */
const summaryJson = new WeakMap<CitySummary, string>();

/**
 * `JSON.stringify(cities)`, each summary stringified once in its life: at 4,000 cities, a save of
 * the live preview spent ~11 ms more stringifying summaries that had not changed.
 */
function citiesJson(cities: readonly CitySummary[]): string {
  const each = cities.map((city) => {
    let json = summaryJson.get(city);
    if (json === undefined) summaryJson.set(city, (json = JSON.stringify(city)));
    return json;
  });
  return `[${each.join(',')}]`;
}

/** `dataKey`: a digest of the whole site data, every language's shared key and cities' key. */
type Plan = Omit<RenderedPages, 'fresh' | 'staged'> & { jobs: RenderJob[]; dataKey: string };

function planPages({ routes, data, cities, renderFingerprint, state, writer }: RenderInput, checked: ReadonlySet<string> | undefined): Plan {
  const shared = localeKeys(data, renderFingerprint);
  const before = state.last.keyParts;
  const parts: KeyPartsSet = { locales: Object.fromEntries([...shared].map(([locale, { parts }]) => [locale, parts])), pages: {} };
  const reasons: RenderedPages['reasons'] = [];
  const cityByFile = new Map(cities.map((c) => [c.summary.file, c]));
  const keys = new Map<Route['page'], string>();
  const records = new Map<string, PageRecord>();
  const jobs: RenderJob[] = [];
  // Each page once, however many addresses it has: the table lists its primary address first.
  for (const route of routes) {
    if (keys.has(route.page)) continue;
    const page = route.page;
    const city = page.template === 'city' ? cityByFile.get(page.city.file)! : undefined;
    const { shell, parts: localeParts, cities: citiesKey } = shared.get(route.locale)!;
    const deps = city ? city.key : listsCities(page.template) ? citiesKey : '';
    const routeKey = digest(route.canonical, JSON.stringify(route.alternates), page.template);
    const key = digest(shell, routeKey, deps);
    keys.set(page, key);
    const pageParts = { route: routeKey, input: deps };
    parts.pages[route.path] = pageParts;
    const record = state.page(key);
    const reused = record && reuse(record, outputFile(route.path), { state, writer, checked });
    if (reused) {
      records.set(key, reused);
      continue;
    }
    const inputName = city ? city.summary.file : 'le résumé d’une ville';
    reasons.push({ path: route.path, why: renderReason({ locale: localeParts, page: pageParts }, { locale: before?.locales[route.locale], page: before?.pages[route.path] }, inputName) });
    const target = writer?.fileFor(outputFile(route.path));
    jobs.push({ id: key, route, ...(target ? { target } : {}), ...(city ? { city: city.job() } : {}) });
  }
  const dataKey = digest(...[...shared.values()].flatMap((locale) => [locale.shell, locale.cities]));
  return { keys, records, jobs, reasons, parts, dataKey };
}

async function runRenders(jobs: RenderJob[], records: Map<string, PageRecord>, dataKey: string, { data, executor }: RenderInput): Promise<RenderedPages['staged']> {
  const jobById = new Map(jobs.map((job) => [job.id, job]));
  const staged: RenderedPages['staged'] = [];
  for (const reply of await executor.render(jobs, data, dataKey)) {
    const record: PageRecord = { hash: reply.hash, refs: reply.refs, card: reply.card };
    const rendered = jobById.get(reply.id)!;
    if (rendered.target) staged.push({ path: outputFile(rendered.route.path), hash: reply.hash, file: rendered.target });
    else record.bytes = reply.bytes!;
    records.set(reply.id, record);
  }
  return staged;
}

/**
 * A page rendered before, if its bytes are at hand: in memory, in dist/ as the last build left
 * it, or else in the page store, whose file is checked against the page's digest and linked into
 * dist/ (CI restores the cache but never dist/).
 */
function reuse(record: PageRecord, path: string, { state, writer, checked }: { state: BuildState; writer: DistWriter | undefined; checked: ReadonlySet<string> | undefined }): PageRecord | undefined {
  if (record.bytes || writer?.has(record.hash)) return record;
  if (!writer) {
    const bytes = state.storedPage(record.hash);
    return bytes && { ...record, bytes };
  }
  const stored = state.storedPageFile(record.hash, checked);
  if (!stored) return undefined;
  writer.put(path, record.hash, undefined, stored);
  return record;
}

/** Pages that show every city are rendered again when any city's summary changes. */
function listsCities(name: PageKindName): boolean {
  const kind = PAGE_KINDS[name];
  return kind.type === 'single' && 'listsCities' in kind && kind.listsCities === true;
}
