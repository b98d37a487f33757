/**
 * A share card's contract, shared by the build that names it, the local servers and the Worker
 * that draw it on request: its size, what it shows, the file that lists every card of a build,
 * and how to tell a whole card from a damaged one.
 */
import { CARDS_URL } from '../asset-names.ts';

/** A share card's size: what Facebook, Messenger, LinkedIn and X show large. */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** Everything a share card shows: its image is a pure function of these and of the card's design. */
export interface CardFacts {
  title: string;
  /** The page's city or service; the company's tagline on the other pages. */
  line: string;
  company: string;
  phone: string;
}

/**
 * The build's list of its cards, `{ "<name>.png": facts }`, beside where they are served: what a
 * host needs to draw a card on its first request. Its facts are on the pages already.
 */
export const CARDS_MANIFEST = `${CARDS_URL}cartes.json`;

export type CardManifest = Record<string, CardFacts>;

/** What a card's name may be (`<page>-<hash>.png`): nothing that leaves the folder. */
const CARD_NAME = /^[\w-]+\.png$/;

/** The card's file name from its URL (`/cartes/x.png` → `x.png`), or undefined for any other URL. */
export function cardName(path: string): string | undefined {
  if (!path.startsWith(CARDS_URL)) return undefined;
  const name = path.slice(CARDS_URL.length);
  return CARD_NAME.test(name) ? name : undefined;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/** A PNG's signature, an IHDR of the card's size first, and the IEND chunk last: not truncated. The store passes its first 24 and last 12 bytes only. */
export function isCardPng(bytes: Uint8Array): boolean {
  if (bytes.length < 36) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ihdr = String.fromCharCode(...bytes.subarray(12, 16));
  return (
    SIGNATURE.every((b, i) => bytes[i] === b) &&
    ihdr === 'IHDR' &&
    view.getUint32(16) === CARD_SIZE.width &&
    view.getUint32(20) === CARD_SIZE.height &&
    IEND.every((b, i) => bytes[bytes.length - 12 + i] === b)
  );
}
