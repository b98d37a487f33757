import { existsSync } from 'node:fs';
import { AssetStore, assetKeys, cachedFileSet } from '../assets.ts';
import type { FileSet } from '../../file-set.ts';
import { bundleClient, type ClientBundle } from '../../bundle-client.ts';
import type { DiskCache } from '../cache.ts';
import { type Fingerprints, PREBUILT_ASSETS } from '../../project-root.ts';
import { buildStyles, readStyles, type StyleMeta } from '../../styles.ts';

export interface AssetsInput {
  cache: DiskCache | undefined;
  fingerprints: Fingerprints;
  /** The stylesheet's source file (default src/styles/site.css). */
  stylesheet?: string | undefined;
  /** Where the client bundle comes from instead of esbuild and the cache. */
  client?: (() => Promise<ClientBundle>) | undefined;
}

export interface StartedAssets {
  /** The asset sets' cache keys: the cache keeps these and no others. */
  keys: string[];
  ready: Promise<[ClientBundle, FileSet<StyleMeta>]>;
}

/**
 * The client bundle and the stylesheet, from the sets made with the CLI bundle, the disk cache or
 * esbuild. Started first and awaited after the content: esbuild works in its own process while
 * this thread parses.
 */
export function startAssets({ cache, fingerprints, stylesheet, client }: AssetsInput): StartedAssets {
  const styleSource = readStyles(stylesheet);
  const keys = assetKeys(fingerprints, styleSource);
  const prebuilt = existsSync(PREBUILT_ASSETS) ? new AssetStore(PREBUILT_ASSETS) : undefined;
  const ready = Promise.all([
    client ? client() : cachedFileSet(cache?.assets, keys.client, bundleClient, prebuilt),
    cachedFileSet(cache?.assets, keys.css, () => buildStyles(styleSource), prebuilt),
  ]);
  // Awaited later; until then a failure must not go unhandled.
  ready.catch(() => undefined);
  return { keys: [keys.client, keys.css], ready };
}
