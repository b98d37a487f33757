/**
 * French punctuation keeps its space but never wraps alone to the next line: the space an editor
 * types before « : ; ! ? » » and after « becomes non-breaking. So does the space between a number
 * and the unit or currency symbol after it (« 300 $ », « 2 M$ », « 30 cm », « 1 h ») and after
 * « n° », as a Québec typographer binds them: a symbol never starts a line away from its number.
 * Words (« 15 ans », « 24 heures ») may wrap like any other word. Phone numbers are left as typed
 * (the stylesheet keeps each one on one line).
 */
export function frenchSpacing(text: string): string {
  return text
    .replace(/[ \t]+([:;!?»])/g, '\u00a0$1')
    .replace(/«[ \t]+/g, '«\u00a0')
    .replace(NUMBER_AND_UNIT, '$1\u00a0$2')
    .replace(NUMERO, '$1\u00a0');
}

/**
 * English copy: no space before punctuation to bind, but a number keeps its unit on its line
 * (« 30 cm », « 2-4 h ») as in French. Currency comes first in English (« $300 ») and needs nothing.
 */
export function englishSpacing(text: string): string {
  return text.replace(NUMBER_AND_UNIT, '$1\u00a0$2');
}

/** Currency and SI symbols, and the abbreviations of Québec usage (h, min), written after a number. */
const UNITS = ['M$', 'k$', '$', '¢', '%', '°C', '°F', '°', 'km/h', 'km', 'cm', 'mm', 'm²', 'm³', 'm', 'ha', 'kg', 'g', 'L', 'h', 'min', 's'];

/** A number (« 300 », « 2,5 »), spaces, then a unit that is not the start of a longer word (« 3 m » but not « 3 mètres »). */
const NUMBER_AND_UNIT = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(\d+(?:[.,]\d+)?)[ \t]+(${UNITS.map((u) => u.replace(/[$/]/g, '\\$&')).join('|')})(?![\p{L}\p{N}'’])`,
  'gu',
);

/** « n° 2020-340 »: the sign stays with its number. */
const NUMERO = /(?<![\p{L}\p{N}])(n°|N°)[ \t]+(?=\d)/gu;
