import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CardFacts } from './card-facts.ts';
import { type CardTools, cardSvg as svgWith, drawCardWith } from './draw.ts';

/**
 * Inter (SIL Open Font License 1.1, LICENSE in its package), bold, the card's only weight; its
 * Latin subset holds French's accents, ’ « » and the no-break spaces. WOFF, because satori cannot
 * read WOFF2. The font is only drawn into PNGs, never served. Loaded once per thread.
 */
let font: Uint8Array | undefined;
function cardFont(): Uint8Array {
  // The package exports its LICENSE by name, not its font files: they sit beside it.
  font ??= readFileSync(join(dirname(createRequire(import.meta.url).resolve('@fontsource/inter/LICENSE')), 'files', 'inter-latin-700-normal.woff'));
  return font;
}

/** satori and resvg load on first use: most processes draw no card. */
async function nodeTools(): Promise<CardTools> {
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  return { satori, resvg: (svg, options) => new Resvg(svg, options), font: cardFont() };
}

export async function cardSvg(facts: CardFacts, options: { readableText?: boolean } = {}): Promise<string> {
  return svgWith(facts, await nodeTools(), options);
}

/** The card as a 1200×630 PNG, in Node. */
export async function drawCard(facts: CardFacts): Promise<Uint8Array> {
  const png = await drawCardWith(facts, await nodeTools());
  await freeImages();
  return png;
}

/**
 * resvg's image of a card holds its 3 MB of pixels outside V8's heap, freed by a finaliser that
 * Node runs on a later turn of the event loop, once the garbage collector (which the next cards'
 * allocations soon run) has found the image dead. Cards drawn one after the other through
 * promises alone never give it that turn: 4,000 cards held 13 GB. One turn per card frees them.
 */
function freeImages(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
