import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { Miniflare, type Request as MiniflareRequest, type Response as MiniflareResponse } from 'miniflare';
import { ROOT } from './root.ts';

/** Offline: no metrics, no banner, no download of Cloudflare's request.cf object. */
export const OFFLINE_ENV = { WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' } as const;
Object.assign(process.env, OFFLINE_ENV);

/** What the Worker's outbound fetch meets instead of the Internet: the tests' webhook. */
export type Outbound = (request: Request) => Promise<Response>;

export interface SandboxOptions {
  /** A folder served as the site's assets: it must have contact.html with the form's props. */
  assets: string;
  outbound: Outbound;
  bindings?: Record<string, string>;
  /** Captures Miniflare's log lines (the send_email binding writes where the .eml went). */
  log?: (line: string) => void;
  /**
   * Keeps D1 on disk in this folder, laid out as wrangler's `--persist-to` lays it out, so
   * `npm run leads -- --persist-to DIR` reads what the Worker stored. In memory when absent.
   */
  persist?: string;
  /** Runs the Worker inside tools/lib/faulty-worker.ts, whose faults POST /__faults turns on. */
  faults?: boolean;
  /** Opens workerd's inspector (Miniflare's `getInspectorURL()`), for tools/lib/isolate-cpu.ts. */
  inspect?: boolean;
}

/** The Worker's name in the sandbox: its isolate is workerd's `core:user:` target of that name. */
export const SANDBOX_WORKER = 'arbo-expert-outaouais';

/** The Worker bundled by esbuild as wrangler would, `cloudflare:*` left to workerd. */
export async function workerBundle(entry = 'src/worker/index.ts'): Promise<string> {
  const out = await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    external: ['cloudflare:*'],
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** wrangler.jsonc as data: comments outside strings dropped, then JSON. */
export function wranglerConfig(): WranglerConfig {
  const text = readFileSync(join(ROOT, 'wrangler.jsonc'), 'utf8');
  return JSON.parse(text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*/g, (_, string: string | undefined) => string ?? '')) as WranglerConfig;
}

interface WranglerConfig {
  compatibility_date: string;
  assets: {
    binding: string;
    html_handling: 'auto-trailing-slash' | 'drop-trailing-slash' | 'force-trailing-slash' | 'none';
    not_found_handling: '404-page' | 'none' | 'single-page-application';
  };
  d1_databases: { binding: string; database_name: string; database_id: string }[];
  queues: {
    producers: { binding: string; queue: string }[];
    consumers: { queue: string; max_batch_size?: number; max_retries?: number; dead_letter_queue?: string }[];
  };
  send_email: { name: string }[];
  ratelimits?: { name: string; namespace_id: string; simple: { limit: number; period: 10 | 60 } }[];
}

/** The migrations' statements, in order (no semicolon inside our SQL's strings or comments). */
export function migrationStatements(): string[] {
  return readdirSync(join(ROOT, 'migrations'))
    .sort()
    .flatMap((file) => readFileSync(join(ROOT, 'migrations', file), 'utf8').replace(/--[^\n]*/g, '').split(';'))
    .map((q) => q.trim())
    .filter(Boolean);
}

/**
 * The Worker in workerd through Miniflare, with the bindings of wrangler.jsonc (D1, queues and
 * their consumers, send_email, assets) read from it, so the tests run what is deployed. Read here
 * rather than through wrangler's own converter: importing wrangler costs seconds per test file.
 * Every request reaches the Worker first, which hands pages to the assets: `npm run check:host`
 * runs the real `run_worker_first` routing through `wrangler dev`.
 */
export async function startWorker(options: SandboxOptions): Promise<{ mf: Miniflare; url: URL }> {
  const c = wranglerConfig();
  const { Log, LogLevel } = await import('miniflare');
  class Capture extends Log {
    override log(message: string) {
      options.log?.(message);
    }
  }
  const code = await workerBundle(options.faults ? 'tools/lib/faulty-worker.ts' : 'src/worker/index.ts');
  const bindings = { ALERT_FROM: 'alertes@site.test', ALERT_TO: 'proprietaire@site.test', LEAD_RETENTION_DAYS: '90', BACKOFF_BASE_SECONDS: '0', WEBHOOK_TIMEOUT_MS: '3000', QUOTE_WEBHOOK_URL: 'https://webhook.test/hook', ...options.bindings };
  const mf = new Miniflare({
    log: new Capture(LogLevel.INFO),
    // No registry shared with the other Miniflare and wrangler processes of the machine.
    enableDevRegistry: false,
    ...(options.inspect ? { inspectorPort: 0 } : {}),
    ...(options.persist ? { resourcePersistencePath: join(options.persist, 'v3') } : {}),
    workers: [
      {
        config: {
          name: SANDBOX_WORKER,
          compatibilityDate: c.compatibility_date,
          manifest: { mainModule: 'worker.mjs', modulesRoot: ROOT, modules: { 'worker.mjs': { type: 'esm', contents: code } } },
          env: {
            ...Object.fromEntries(Object.entries(bindings).map(([name, value]) => [name, { type: 'text', value }])),
            // Keyed by database_id, as `wrangler dev` and `wrangler d1 execute --local` key their local copy.
            ...Object.fromEntries(c.d1_databases.map((d) => [d.binding, { type: 'd1', id: d.database_id }])),
            ...Object.fromEntries(c.queues.producers.map((p) => [p.binding, { type: 'queue', name: p.queue }])),
            [c.assets.binding]: { type: 'assets' },
            ...Object.fromEntries((c.ratelimits ?? []).map((r) => [r.name, { type: 'rate-limit', namespace: r.namespace_id, simple: r.simple }])),
            ...Object.fromEntries(c.send_email.map((e) => [e.name, { type: 'send-email' }])),
          },
          // Batches leave at once rather than after wrangler.jsonc's second: tests wait for states.
          triggers: c.queues.consumers.map((q) => ({
            type: 'queue',
            name: q.queue,
            maxBatchSize: q.max_batch_size,
            maxBatchTimeout: 0.05,
            maxRetries: q.max_retries,
            deadLetterQueue: q.dead_letter_queue,
          })),
          assets: {
            directory: options.assets,
            hasUserWorker: true,
            runWorkerFirst: true,
            htmlHandling: c.assets.html_handling,
            notFoundHandling: c.assets.not_found_handling,
          },
        },
        // Miniflare's Request and Response are undici's, as Node's global ones are: only their declared types differ.
        dev: { outboundService: { type: 'fetcher', handler: options.outbound as unknown as (request: MiniflareRequest) => Promise<MiniflareResponse> } },
      },
    ],
  });
  const url = await mf.ready;
  const db = await mf.getD1Database('DB');
  for (const query of migrationStatements()) await db.prepare(query).run();
  return { mf, url };
}
