import { readFileSync } from 'node:fs';
import type { CardFacts } from '../../../shared/card/card-facts.ts';
import type { BuildState } from '../build-state.ts';
import { storedName, type CardStore } from '../card-store.ts';
import { digest } from '../../digest.ts';
import type { DistWriter } from '../dist-writer.ts';
import type { Executor } from '../executors.ts';
import type { DrawJob } from '../worker-core.ts';
import type { RenderedPages } from './render-pages.ts';

/** One share card of dist/: where it goes, where its bytes are. */
export interface CardFile {
  /** Under dist/: `cartes/<name>`. */
  path: string;
  /** The digest of its bytes. */
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
  /** The digest of each card, by URL, and the bytes this build holds in memory: for the state to keep. */
  hashes: Map<string, string>;
  bytes: Map<string, Uint8Array>;
}

interface Places {
  state: BuildState;
  store: CardStore | undefined;
  writer: DistWriter | undefined;
  /** What this build learned of each card: its digest, its bytes. */
  hashes: Map<string, string>;
  bytes: Map<string, Uint8Array>;
}

/**
 * Every page's share card, each drawn only if no build has yet: it is not in dist/ as the last
 * build left it, nor in the disk cache's card store, nor in this engine's memory. The missing
 * ones are drawn across the build's threads, each once, however many addresses its page has.
 */
export async function drawCards({ pages, executor, state, store, writer }: Omit<Places, 'hashes' | 'bytes'> & { pages: RenderedPages; executor: Executor }): Promise<DrawnCards> {
  const places: Places = { state, store, writer, hashes: new Map(), bytes: new Map() };
  const cards = new Map<string, CardFacts>();
  for (const record of pages.records.values()) cards.set(record.card.path, record.card.facts);
  const missing: DrawJob[] = [];
  for (const [path, facts] of cards) if (!atHand(path, places)) missing.push({ path, facts });
  for (const reply of await executor.draw(missing)) {
    places.hashes.set(reply.path, reply.hash);
    if (reply.bytes) places.bytes.set(reply.path, reply.bytes);
  }
  const files = [...cards.keys()].map((path) => cardFile(path, places));
  return { files, drawn: missing.length, hashes: places.hashes, bytes: places.bytes };
}

const hashOf = (path: string, { state, hashes }: Places) => hashes.get(path) ?? state.cardHash(path);
const bytesOf = (path: string, { state, bytes }: Places) => bytes.get(path) ?? state.cardBytes(path);

/** Whether a card's bytes are here already; a stored card whose digest no index kept gets it now. */
function atHand(path: string, places: Places): boolean {
  const { store, writer } = places;
  const hash = hashOf(path, places);
  if (hash && (writer?.has(hash) || bytesOf(path, places))) return true;
  if (!store?.has(storedName(path))) return false;
  if (!hash) places.hashes.set(path, digest(readFileSync(store.fileOf(storedName(path)))));
  return true;
}

function cardFile(path: string, places: Places): CardFile {
  const { store, writer } = places;
  const card: CardFile = { path: path.slice(1), hash: hashOf(path, places)! };
  places.hashes.set(path, card.hash);
  const bytes = bytesOf(path, places);
  if (bytes || writer?.has(card.hash)) return bytes ? { ...card, bytes } : card;
  const file = store!.fileOf(storedName(path));
  if (writer) return { ...card, file };
  // Outputs kept in memory (the live preview) hold every file's bytes: read once, then kept.
  const read = new Uint8Array(readFileSync(file));
  places.bytes.set(path, read);
  return { ...card, bytes: read };
}
