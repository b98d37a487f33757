/**
 * Editors write `{phone}`, `{email}`… in copy instead of repeating the business's facts.
 * Unknown tokens are reported rather than shown to visitors.
 */
export type Tokens = Readonly<Record<string, string>>;

const TOKEN = /\{([a-zA-Z]+)\}/g;

/** Replaces known tokens in `text`; `unknown` hears of each token that is neither known nor in `keep` (left for a later pass). */
export function replaceTokens(text: string, tokens: Tokens, keep: readonly string[], unknown: (token: string) => void): string {
  if (!text.includes('{')) return text;
  return text.replace(TOKEN, (whole, name: string) => {
    if (Object.hasOwn(tokens, name)) return tokens[name]!;
    if (!keep.includes(name)) unknown(whole);
    return whole;
  });
}

/** `{city}` in the shared city copy, filled per page. */
export function fillCity(text: string, city: string): string {
  return text.replaceAll('{city}', city);
}
