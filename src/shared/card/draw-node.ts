import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createElement } from 'react';
import { CARD_FONT, CardTemplate } from './card-template.tsx';
import { CARD_SIZE, type CardFacts } from './card-facts.ts';

/**
 * Inter (SIL Open Font License 1.1, LICENSE in its package), bold, the card's only weight; its
 * Latin subset holds French's accents, ’ « » and the no-break spaces. WOFF, because satori cannot
 * read WOFF2. The font is only drawn into PNGs, never served. Loaded once per thread.
 */
let font: Buffer | undefined;
function cardFont(): Buffer {
  // The package exports its LICENSE by name, not its font files: they sit beside it.
  font ??= readFileSync(join(dirname(createRequire(import.meta.url).resolve('@fontsource/inter/LICENSE')), 'files', 'inter-latin-700-normal.woff'));
  return font;
}

/**
 * The card as SVG. Text is drawn as paths, as the PNG needs; `readableText` writes it as <text>
 * instead, which only tests read. satori loads on first use: most processes draw no card.
 */
export async function cardSvg(facts: CardFacts, { readableText = false } = {}): Promise<string> {
  const { default: satori } = await import('satori');
  const fonts = [{ name: CARD_FONT, weight: 700 as const, style: 'normal' as const, data: cardFont() }];
  return satori(createElement(CardTemplate, { facts }), { ...CARD_SIZE, fonts, embedFont: !readableText });
}

/** The card as a 1200×630 PNG, drawn by the build and the local servers, never by the Worker. */
export async function drawCard(facts: CardFacts): Promise<Uint8Array> {
  const [svg, { Resvg }] = await Promise.all([cardSvg(facts), import('@resvg/resvg-js')]);
  // satori writes every glyph as a path: the machine's fonts are never needed, and not reading
  // them makes each card quicker and the same PNG on every machine.
  const png = new Uint8Array(new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng());
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
