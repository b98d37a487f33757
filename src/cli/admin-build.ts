import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { adminBundle } from '../admin/admin-files.ts';
import { cmsConfig } from '../admin/cms-config.ts';
import { previewDataFiles } from '../admin/preview/preview-data.ts';
import { BuildEngine, digest, PROJECT_ROOT } from '../engine/index.ts';
import { CACHE_DIR } from '../shared/settings.ts';
import { cachedAdmin } from './admin-cache.ts';
import { quoteDeliveryFromEnv } from './quote-delivery.ts';

/** The code that bundles the editor: a change to it (esbuild's options) is a new bundle. */
const ADMIN_FILES_SOURCE = join(PROJECT_ROOT, 'src/admin/admin-files.ts');

/** The GitHub repository the editor's pull requests go to: CMS_REPO, else the `origin` remote. */
export function cmsRepo(): string | undefined {
  if (process.env.CMS_REPO) return process.env.CMS_REPO;
  const remote = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).stdout?.trim() ?? '';
  return /github\.com[:/]([^/]+\/[^/]+?)(?:\.git)?$/.exec(remote)?.[1];
}

/**
 * The web editor's files (dist/admin.html, dist/admin/). Its bundle is big, only editors load
 * it and esbuild makes it: `npm run build` (which runs no esbuild for content alone) leaves it to
 * `npm run admin`, run after it for production, and to `npm run cms`. Kept in the build cache
 * (`cacheDir`, null for none) while its sources, options and lock file stay the same.
 */
export function adminFor(contentDir: string, cacheDir: string | null = join(PROJECT_ROOT, CACHE_DIR)): Promise<Map<string, Uint8Array>> {
  const options = {
    root: PROJECT_ROOT,
    repo: cmsRepo() ?? 'proprietaire/depot',
    branch: process.env.CMS_BRANCH ?? 'main',
    english: existsSync(join(contentDir, 'en')),
  };
  // The configuration the bundle carries (fields, labels, collections), made by code esbuild does not read.
  const key = digest(JSON.stringify(cmsConfig(options)), readFileSync(ADMIN_FILES_SOURCE), readFileSync(join(PROJECT_ROOT, 'package-lock.json')));
  return cachedAdmin(cacheDir && join(cacheDir, 'v3', 'admin'), key, PROJECT_ROOT, () => adminBundle(options));
}

/**
 * The preview's data file (src/admin/preview/preview-data.ts), from a build in memory with the
 * settings of `npm run build` and its disk cache: the same site, photos named by the same bytes.
 */
export async function previewDataFor(contentDir: string): Promise<Map<string, Uint8Array>> {
  const engine = new BuildEngine({
    contentDir,
    cacheDir: join(PROJECT_ROOT, CACHE_DIR),
    photos: 'on-request',
    siteUrl: process.env.SITE_URL,
    quoteWebhook: process.env.QUOTE_WEBHOOK_URL,
    quoteDelivery: quoteDeliveryFromEnv(),
  });
  try {
    return previewDataFiles((await engine.build()).data);
  } finally {
    await engine.close();
  }
}

/** Writes dist/admin.html and dist/admin/ anew. */
export function writeAdmin(outDir: string, files: Map<string, Uint8Array>): void {
  rmSync(join(outDir, 'admin'), { recursive: true, force: true });
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), bytes);
  }
}
