import { mapStrings } from './map-strings.ts';

/**
 * Editors write `{phone}`, `{email}`… in copy instead of repeating the business's facts.
 * Unknown tokens are reported rather than shown to visitors.
 */
export type Tokens = Readonly<Record<string, string>>;

const TOKEN = /\{([a-zA-Z]+)\}/g;

export interface TokenProblem {
  path: PropertyKey[];
  token: string;
}

/** Replaces known tokens in every string of `value`; tokens in `keep` are left for a later pass. */
export function fillTokens<T>(value: T, tokens: Tokens, keep: readonly string[] = []): { value: T; problems: TokenProblem[] } {
  const problems: TokenProblem[] = [];
  const filled = mapStrings(value, (text, path) =>
    text.replace(TOKEN, (whole, name: string) => {
      if (Object.hasOwn(tokens, name)) return tokens[name]!;
      if (!keep.includes(name)) problems.push({ path, token: whole });
      return whole;
    }),
  );
  return { value: filled, problems };
}

/** `{city}` in the shared city copy, filled per page. */
export function fillCity(text: string, city: string): string {
  return text.replaceAll('{city}', city);
}
