import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CardFacts, type CardManifest, CARDS_MANIFEST, cardName, isCardPng } from '../shared/card/card-facts.ts';
import { drawCard } from '../shared/card/draw-node.ts';
import { fromFile, type SiteFiles } from './site-files.ts';

export interface CardsOnRequest {
  /** The card a URL names, when the site lists it without holding its file. */
  wanted(pathname: string, has: (file: string) => boolean): { name: string; facts: CardFacts } | undefined;
  /** Its PNG: from the folder of drawn cards, else drawn now (~35 ms) and kept there. */
  bytes(card: { name: string; facts: CardFacts }): Promise<Uint8Array>;
}

/**
 * The local servers draw a share card on its first request, as the Worker does in production
 * and as the live preview encodes photos: from the build's list of cards (cartes/cartes.json),
 * kept in `dir` (the build cache's card folder, which a `--cards` build reads too) under its
 * immutable name, so it is drawn once per machine.
 */
export function cardsOnRequest(files: SiteFiles, dir: string | undefined): CardsOnRequest {
  const manifest = fromFile(files, CARDS_MANIFEST.slice(1), (bytes) => JSON.parse(Buffer.from(bytes).toString('utf8')) as CardManifest);
  const drawing = new Map<string, Promise<Uint8Array>>();
  return {
    wanted(pathname, has) {
      const name = cardName(pathname);
      if (!name || has(pathname.slice(1))) return undefined;
      const facts = manifest()?.[name];
      return facts && { name, facts };
    },
    bytes({ name, facts }) {
      const file = dir && join(dir, name);
      if (file && existsSync(file)) {
        const kept = readFileSync(file);
        if (isCardPng(kept)) return Promise.resolve(kept);
      }
      // Two requests for one card at once draw it once.
      let pending = drawing.get(name);
      if (!pending) {
        pending = drawCard(facts).then((png) => {
          if (file) keep(dir, file, png);
          return png;
        });
        pending.finally(() => drawing.delete(name)).catch(() => undefined);
        drawing.set(name, pending);
      }
      return pending;
    },
  };
}

/** Written whole or not at all: a server stopped mid-write leaves no half card to trust. */
function keep(dir: string, file: string, png: Uint8Array): void {
  mkdirSync(dir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, png);
  renameSync(temporary, file);
}
