/**
 * One copy of each string. Thousands of pages repeat the same link targets, and a target matched
 * in a page (or received in a message) may be a slice of a bigger string that would keep all of
 * it alive: the pool's copy is made anew, detached from it.
 */
export class StringPool {
  private readonly known = new Map<string, string>();

  intern(text: string): string {
    let copy = this.known.get(text);
    if (copy === undefined) {
      copy = JSON.parse(JSON.stringify(text)) as string;
      this.known.set(copy, copy);
    }
    return copy;
  }
}
