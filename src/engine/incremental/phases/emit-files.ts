import type { ContentFile } from '../../../content/content-files.ts';
import type { Site } from '../../../content/types.ts';
import { outputFile } from '../../../site/paths.ts';
import type { Route } from '../../../site/routes.ts';
import { CARDS_MANIFEST } from '../../../shared/card/card-facts.ts';
import type { FileSet } from '../../file-set.ts';
import { digest } from '../../digest.ts';
import type { DistWriter } from '../dist-writer.ts';
import { lastmod } from '../../page-sources.ts';
import { cardManifest, dataFiles } from '../../pipeline/outputs.ts';
import { readPublicFiles } from '../../public-files.ts';
import type { CardFile } from './draw-cards.ts';
import type { RenderedPages } from './render-pages.ts';

/** One file of the built site: its digest, and its bytes when the build keeps them in memory. */
export interface Output {
  hash: string;
  bytes?: Uint8Array;
  /** Named by the pages but made when first asked for (a share card, a photo in the live preview): no bytes, no file. */
  onRequest?: true;
}

export interface EmitInput {
  /** Copied as-is (icons, images, noscript.css). */
  publicDir: string;
  assets: FileSet<unknown>[];
  routes: Route[];
  pages: RenderedPages;
  /** Each page's share card, once. */
  cards: CardFile[];
  site: Site;
  /** The _headers file, checked. */
  headers: string;
  /** The last commit that touched each content file, by absolute path, for the sitemap's dates. */
  commitDates: Map<string, string>;
  files: ContentFile[];
  writer: DistWriter | undefined;
}

export interface EmittedFiles {
  /** Every file of the site, keyed by its path under dist/. */
  outputs: Map<string, Output>;
  sitemap: string;
}

/**
 * Every file of dist/: public/, the assets, each page at each of its addresses, the list of share
 * cards (and each card, when the build drew them), then the files made from the site's data
 * (pipeline/outputs.ts). Each goes to the writer when there is one; the outputs then keep digests
 * only.
 */
export function emitFiles({ publicDir, assets, routes, pages, cards, site, headers, commitDates, files, writer }: EmitInput): EmittedFiles {
  const outputs = new Map<string, Output>();
  const add = (path: string, bytes: Uint8Array) => {
    const hash = digest(bytes);
    outputs.set(path, writer ? { hash } : { hash, bytes });
    writer?.put(path, hash, bytes);
  };
  for (const [path, bytes] of readPublicFiles(publicDir)) add(path, bytes);
  for (const set of assets) for (const [path, bytes] of set.files) add(path, bytes);
  for (const route of routes) {
    const record = pages.records.get(pages.keys.get(route.page)!)!;
    const path = outputFile(route.path);
    outputs.set(path, record.bytes ? { hash: record.hash, bytes: record.bytes } : { hash: record.hash });
    writer?.put(path, record.hash);
  }
  add(CARDS_MANIFEST.slice(1), new TextEncoder().encode(JSON.stringify(cardManifest(pages.records.values()))));
  for (const card of cards) {
    outputs.set(card.path, card.bytes && !writer ? { hash: card.hash, bytes: card.bytes } : { hash: card.hash });
    writer?.put(card.path, card.hash, card.bytes, card.file);
  }
  const data = dataFiles(site, routes, lastmod(commitDates, files), headers);
  for (const [path, text] of data.files) add(path, new TextEncoder().encode(text));
  return { outputs, sitemap: data.sitemap };
}
