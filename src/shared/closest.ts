/**
 * The nearest spelling among known ones, to turn « unknown » into « did you mean…? ». Our own
 * twenty lines rather than a package: editors swap two letters as often as they drop one
 * (`sumamry`), and plain Levenshtein (fastest-levenshtein's) counts a swap as two edits, which
 * would push half of those typos past the threshold. This is the optimal string alignment
 * distance: insert, delete, replace, or swap two neighbours, one edit each. Pure.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    const above = rows[i - 1]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * How far a spelling may be from a known one and still be a typo of it: none but case in a word of
 * two letters (`Lu`, Monday in French, is one letter from `Tu`, Tuesday), one edit up to three
 * letters, two up to eight, three beyond. Further than that, a suggestion is a guess that sends
 * the editor the wrong way.
 */
export function typoReach(length: number): number {
  if (length <= 2) return 0;
  return length <= 3 ? 1 : length <= 8 ? 2 : 3;
}

/**
 * The known spellings within typo reach of `written`, nearest first (ties in the order given);
 * case is ignored, so `Summary` finds `summary`. `reach` widens or narrows the default.
 */
export function closest(written: string, known: Iterable<string>, reach = typoReach(written.length)): string[] {
  const lower = written.toLowerCase();
  return [...known]
    .map((k, i) => ({ k, i, d: editDistance(lower, k.toLowerCase()) }))
    .filter(({ k, d }) => d <= reach && k !== written)
    .sort((x, y) => x.d - y.d || x.i - y.i)
    .map(({ k }) => k);
}
