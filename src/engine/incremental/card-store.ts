import { cardName, isCardPng } from '../../shared/card/card-facts.ts';
import { BlobStore } from './blob-store.ts';

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
 * draws none. A card is trusted only as a whole PNG of the card's size: its header and its end,
 * 36 bytes read, not the whole file. Names come from cardName (src/shared/card/card-facts.ts),
 * which lets nothing leave the folder.
 */
export class CardStore extends BlobStore {
  constructor(dir: string) {
    super(dir, { sample: () => ({ head: 24, tail: 12 }), check: (_name, ends) => isCardPng(ends) });
  }
}
