import { createElement } from 'react';
import { CARD_FONT, CardTemplate } from './card-template.tsx';
import { CARD_SIZE, type CardFacts } from './card-facts.ts';

/** satori's signature, the same in its Node build and in its standalone build (the Worker's). */
export type Satori = typeof import('satori').default;

/** What resvg offers in Node (`@resvg/resvg-js`) and in WebAssembly (`@resvg/resvg-wasm`), as far as a card needs. */
export interface ResvgLike {
  render(): { asPng(): Uint8Array; free?(): void };
  free?(): void;
}

export interface CardTools {
  satori: Satori;
  resvg: (svg: string, options: { fitTo: { mode: 'original' }; font: { loadSystemFonts: false } }) => ResvgLike;
  /** Inter bold, WOFF (satori cannot read WOFF2). */
  font: ArrayBuffer | Uint8Array;
}

/**
 * The card as SVG. Text is drawn as paths, as the PNG needs; `readableText` writes it as <text>
 * instead, which only tests read.
 */
export function cardSvg(facts: CardFacts, { satori, font }: Pick<CardTools, 'satori' | 'font'>, { readableText = false } = {}): Promise<string> {
  const fonts = [{ name: CARD_FONT, weight: 700 as const, style: 'normal' as const, data: font as ArrayBuffer }];
  return satori(createElement(CardTemplate, { facts }), { ...CARD_SIZE, fonts, embedFont: !readableText });
}

/**
 * The card as a 1200×630 PNG: the same code in Node and in the Worker, and the same resvg
 * version in both, so a card's name means the same bytes wherever it is drawn.
 */
export async function drawCardWith(facts: CardFacts, tools: CardTools): Promise<Uint8Array<ArrayBuffer>> {
  const svg = await cardSvg(facts, tools);
  // satori writes every glyph as a path: the machine's fonts are never needed, and not reading
  // them makes each card quicker and the same PNG on every machine.
  const resvg = tools.resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  const image = resvg.render();
  try {
    return new Uint8Array(image.asPng());
  } finally {
    // WebAssembly's objects live outside the garbage collector: freed by hand, or kept forever.
    image.free?.();
    resvg.free?.();
  }
}
