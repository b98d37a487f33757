import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { cardName, isCardPng } from '../shared/card/card-facts.ts';
import { atomicWrite } from './atomic-write.ts';

/** A card's file name from its URL; the build names only valid ones, so any other is a bug. */
export function storedName(path: string): string {
  const name = cardName(path);
  if (!name) throw new Error(`nom de carte invalide : ${path}`);
  return name;
}

/**
 * The share cards drawn so far (`.cache/build/…/cards/<name>`), by a build (`--cards`) or by a
 * local server on request, each named by a hash of what it shows and of the code that drew it:
 * a name's bytes never change, so a card is never drawn twice, and CI, which restores the cache,
 * draws none. A file is written whole or not at all; one restored from elsewhere is still checked
 * to be a whole PNG of the card's size (its header and its end) before it is published.
 */
export class CardStore {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** `name` comes from cardName (src/shared/card/card-facts.ts), which lets nothing leave the folder. */
  fileOf(name: string): string {
    return join(this.dir, name);
  }

  write(name: string, bytes: Uint8Array): void {
    atomicWrite(this.fileOf(name), bytes);
  }

  /** Whether the card is here, a whole PNG of the card's size: its first 24 bytes and last 12 read, not the whole file. */
  has(name: string): boolean {
    const file = this.fileOf(name);
    if (!existsSync(file)) return false;
    const fd = openSync(file, 'r');
    try {
      const { size } = fstatSync(fd);
      if (size <= 36) return false;
      const ends = new Uint8Array(36);
      if (readSync(fd, ends, 0, 24, 0) !== 24 || readSync(fd, ends, 24, 12, size - 12) !== 12) return false;
      return isCardPng(ends);
    } finally {
      closeSync(fd);
    }
  }
}
