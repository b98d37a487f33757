/**
 * Editors write `{phone}`, `{email}`… in copy instead of repeating the business's facts.
 * Unknown tokens are reported rather than shown to visitors.
 */
export type Tokens = Readonly<Record<string, string>>;

const TOKEN = /\{([a-zA-Z]+)\}/g;

/**
 * French elides « de » and « que » before a vowel: « de {name} » is « d’Arbo… », « de {city} »
 * « d’Aylmer ». The editor cannot write the elided form, since the value is not known where the
 * token is written, so the insertion does it. Not before an h: the names of places here take an
 * aspirated h (« de Hull »).
 */
const ELIDED_BEFORE = /(^|[^\p{L}])([dD]e|[qQ]ue) $/u;
const VOWEL_START = /^[aeiouàâäéèêëîïôöùûü]/i;

function elide(before: string, value: string): string | undefined {
  const m = ELIDED_BEFORE.exec(before);
  if (!m || !VOWEL_START.test(value)) return undefined;
  return `${before.slice(0, m.index + m[1]!.length)}${m[2]!.slice(0, -1)}’`;
}

/** `text` with each known token replaced by `value(name)`; in French, « de »/« que » before it elided. */
function fill(text: string, known: (name: string) => string | undefined, french: boolean): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const value = known(m[1]!);
    if (value === undefined) continue;
    const before = out + text.slice(last, m.index);
    out = (french ? elide(before, value) : undefined) ?? before;
    out += value;
    last = m.index + m[0].length;
  }
  return out + text.slice(last);
}

/**
 * Replaces known tokens in `text`; `unknown` hears of each token that is neither known nor in
 * `keep` (left for a later pass). `french` elides « de » and « que » before a value that starts
 * with a vowel.
 */
export function replaceTokens(text: string, tokens: Tokens, keep: readonly string[], unknown: (token: string) => void, french = false): string {
  if (!text.includes('{')) return text;
  return fill(
    text,
    (name) => {
      if (Object.hasOwn(tokens, name)) return tokens[name]!;
      if (!keep.includes(name)) unknown(`{${name}}`);
      return undefined;
    },
    french,
  );
}

/** `{city}` in the shared city copy, filled per page (« de {city} » elided in French). */
export function fillCity(text: string, city: string, french = false): string {
  return fill(text, (name) => (name === 'city' ? city : undefined), french);
}
