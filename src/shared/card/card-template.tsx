import type { CSSProperties } from 'react';
import { THEME_COLOUR } from '../settings.ts';
import { CARD_SIZE, type CardFacts } from './card-facts.ts';

/** The site's palette (src/styles/site.css): its green, its darker green, its call-to-action and focus colours. */
const COLOURS = { ground: THEME_COLOUR, band: '#14351f', cta: '#a3480b', accent: '#f2b632', text: '#ffffff', soft: '#e3efe4' };

export const CARD_FONT = 'Inter';

const PAD = 72;

/** Breaks no number: a phone written with spaces must not wrap. */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

const card: CSSProperties = { ...CARD_SIZE, display: 'flex', flexDirection: 'column', background: COLOURS.ground, color: COLOURS.text, fontFamily: CARD_FONT };
const main: CSSProperties = { display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1, padding: `0 ${PAD}px`, borderLeft: `16px solid ${COLOURS.accent}` };
const line: CSSProperties = { display: 'block', fontSize: 34, fontWeight: 700, lineHeight: 1.25, color: COLOURS.accent, marginBottom: 20, lineClamp: 2, textOverflow: 'ellipsis' };
// Three lines at most, an ellipsis beyond: the longest title of a page still reads at a glance.
const title: CSSProperties = { display: 'block', fontSize: 70, fontWeight: 700, lineHeight: 1.12, lineClamp: 3, textOverflow: 'ellipsis' };
const band: CSSProperties = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: 150, padding: `0 ${PAD}px`, background: COLOURS.band };
const company: CSSProperties = { display: 'block', fontSize: 38, fontWeight: 700, color: COLOURS.soft, lineClamp: 1, textOverflow: 'ellipsis', maxWidth: 620 };
const phone: CSSProperties = { display: 'flex', fontSize: 44, fontWeight: 700, whiteSpace: 'nowrap', padding: '16px 32px', borderRadius: 16, background: COLOURS.cta };

/** A page's share card as satori draws it: flexbox and inline styles only, no stylesheet. */
export function CardTemplate({ facts }: { facts: CardFacts }) {
  return (
    <div lang="fr-CA" style={card}>
      <div style={main}>
        <div style={line}>{facts.line}</div>
        <div style={title}>{facts.title}</div>
      </div>
      <div style={band}>
        <div style={company}>{facts.company}</div>
        <div style={phone}>{unbroken(facts.phone)}</div>
      </div>
    </div>
  );
}
