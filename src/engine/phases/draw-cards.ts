import { readFileSync } from 'node:fs';
import type { CardFacts } from '../../render/card/share-card.ts';
import { chunks } from '../batches.ts';
import type { BuildState } from '../build-state.ts';
import { cardName, type CardStore } from '../card-store.ts';
import { digest } from '../digest.ts';
import type { DistWriter } from '../dist-writer.ts';
import type { Executor } from '../executors.ts';
import type { DrawJob } from '../worker-core.ts';
import type { RenderedPages } from './render-pages.ts';

/** Cards per message to a build thread (~35 ms each): every thread busy until the last ones. */
const CARD_BATCH = 10;

/** One share card of dist/: where it goes, where its bytes are. */
export interface CardFile {
  /** Under dist/: `cartes/<name>`. */
  path: string;
  /** A digest of its name, itself a hash of all the card shows: it stands for the bytes. */
  hash: string;
  /** Its bytes, when no file holds them (no disk cache), or when the build keeps outputs in memory. */
  bytes?: Uint8Array;
  /** The card store's file, linked into dist/. */
  file?: string;
}

export interface DrawnCards {
  files: CardFile[];
  /** How many this build drew. */
  drawn: number;
}

/**
 * Every page's share card, each drawn only if no build has yet: not in dist/ as the last build
 * left it, nor in the disk cache's card store, nor in this engine's memory. The missing ones are
 * drawn across the build's threads, each once, however many addresses its page has.
 */
export async function drawCards({ pages, executor, state, store, writer }: { pages: RenderedPages; executor: Executor; state: BuildState; store: CardStore | undefined; writer: DistWriter | undefined }): Promise<DrawnCards> {
  const cards = new Map<string, CardFacts>();
  for (const record of pages.records.values()) cards.set(record.card.path, record.card.facts);
  const missing: DrawJob[] = [];
  for (const [path, facts] of cards) if (!(writer?.has(digest(path)) || state.cards.has(path) || store?.has(cardName(path)))) missing.push({ path, facts });
  await Promise.all(
    chunks(missing, CARD_BATCH).map(async (batch, i) => {
      for (const reply of await executor.draw(i % executor.lanes, batch)) if (reply.bytes) state.cards.set(reply.path, reply.bytes);
    }),
  );
  const files = [...cards.keys()].map((path) => cardFile(path, { state, store, writer }));
  for (const path of state.cards.keys()) if (!cards.has(path)) state.cards.delete(path);
  return { files, drawn: missing.length };
}

function cardFile(path: string, { state, store, writer }: { state: BuildState; store: CardStore | undefined; writer: DistWriter | undefined }): CardFile {
  const card: CardFile = { path: path.slice(1), hash: digest(path) };
  if (writer?.has(card.hash)) return card;
  let bytes = state.cards.get(path);
  if (!bytes && store) {
    const file = store.fileOf(cardName(path));
    if (writer) return { ...card, file };
    // Outputs kept in memory (the live preview) hold every file's bytes: read once, kept.
    bytes = new Uint8Array(readFileSync(file));
    state.cards.set(path, bytes);
  }
  return { ...card, bytes: bytes! };
}
