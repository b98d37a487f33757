import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { CARDS_URL } from '../shared/asset-names.ts';
import { CARD_SIZE } from '../render/card/share-card.ts';
import { atomicWrite } from './atomic-write.ts';

/** What a card's name may be (share-card.ts makes `<page>-<hash>.png`): nothing that leaves the folder. */
const CARD_NAME = /^[\w-]+\.png$/;

/** The file name of a card from its URL (`/cartes/x.png` → `x.png`). */
export function cardName(path: string): string {
  return path.slice(CARDS_URL.length);
}

/**
 * The share cards drawn by past builds (`.cache/build/…/cards/<name>`), each named by a hash of
 * what it shows and of the code that drew it: a name's bytes never change, so a card is never
 * drawn twice, and CI, which restores the cache, draws none. A file is written whole or not at
 * all; one restored from elsewhere is still checked to be a whole PNG of the card's size (its
 * header and its end) before it is published.
 */
export class CardStore {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  fileOf(name: string): string {
    if (!CARD_NAME.test(name)) throw new Error(`nom de carte invalide : ${name}`);
    return join(this.dir, name);
  }

  write(name: string, bytes: Uint8Array): void {
    atomicWrite(this.fileOf(name), bytes);
  }

  /** Whether the card is here, a whole PNG of the card's size. */
  has(name: string): boolean {
    if (!CARD_NAME.test(name)) return false;
    const file = join(this.dir, name);
    if (!existsSync(file)) return false;
    const fd = openSync(file, 'r');
    try {
      const { size } = fstatSync(fd);
      const head = Buffer.alloc(24);
      const tail = Buffer.alloc(12);
      return size > 36 && readSync(fd, head, 0, 24, 0) === 24 && readSync(fd, tail, 0, 12, size - 12) === 12 && isCardPng(head, tail);
    } finally {
      closeSync(fd);
    }
  }
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** A PNG's signature, an IHDR of 1200×630 first, and the IEND chunk last: not truncated. */
function isCardPng(head: Buffer, tail: Buffer): boolean {
  return head.subarray(0, 8).equals(SIGNATURE) && head.toString('latin1', 12, 16) === 'IHDR' && head.readUInt32BE(16) === CARD_SIZE.width && head.readUInt32BE(20) === CARD_SIZE.height && tail.equals(IEND);
}
