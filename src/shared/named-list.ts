/**
 * How the build's summaries name many things: the count first, then the first few, then how many
 * more. A generated site has thousands of pages, and one name per line, or all on one line, buries
 * the rest of the summary. Pure: the terminal, GitHub's job summary and the overlay share it.
 */

/** Names shown on one line before the rest is counted. */
export const NAMES_SHOWN = 5;

/** `a, b, c et 997 autres`: the first `shown` names, then how many were left out. */
export function namedList(names: readonly string[], shown = NAMES_SHOWN): string {
  const head = names.slice(0, shown).join(', ');
  const rest = names.length - shown;
  return rest > 0 ? `${head} et ${rest} autre${rest > 1 ? 's' : ''}` : head;
}

/** The first `shown` lines, then one line that counts the others: a block stays one screen. */
export function firstLines(lines: readonly string[], shown: number, indent = '  '): string[] {
  const kept = lines.slice(0, shown).map((line) => `${indent}${line}`);
  if (lines.length > shown) kept.push(`${indent}… et ${lines.length - shown} autre${lines.length - shown > 1 ? 's' : ''}`);
  return kept;
}
