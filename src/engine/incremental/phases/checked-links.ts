/**
 * What a long-lived engine's link check found whole: the site's files and base URL then, and the
 * lists of links that all led to one of those files. A list the next check meets again, over the
 * same files, leads there still: the live preview's save of one city checks one page's links.
 */
export interface CheckedLinks {
  baseUrl: string;
  files: ReadonlySet<string>;
  whole: WeakSet<readonly string[]>;
}

/** Runs `check` with the lists found whole before, when the files and the base URL are the same, and remembers what it found. */
export function checkLinksAgain(
  before: CheckedLinks | undefined,
  outputs: ReadonlyMap<string, unknown>,
  baseUrl: string,
  check: (known: WeakSet<readonly string[]> | undefined) => WeakSet<readonly string[]>,
): CheckedLinks {
  const known = before && before.baseUrl === baseUrl && sameFiles(before.files, outputs) ? before.whole : undefined;
  return { baseUrl, files: new Set(outputs.keys()), whole: check(known) };
}

function sameFiles(before: ReadonlySet<string>, now: ReadonlyMap<string, unknown>): boolean {
  if (before.size !== now.size) return false;
  for (const path of now.keys()) if (!before.has(path)) return false;
  return true;
}
