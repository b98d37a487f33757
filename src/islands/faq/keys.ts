/**
 * The accordion's keys (WAI-ARIA): ArrowDown/ArrowUp wrap around, Home and End jump to the ends.
 * Plain DOM code run by the entry script (src/client/entry.ts) from the document for the page's
 * whole life, so a key pressed before, during or after hydration is handled the same way.
 */
export function faqKeyTarget(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  return { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[key];
}

/** Moves focus to another question when `event` is one of the accordion's keys on a question. */
export function moveFaqFocus(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const summary = (event.target as Element).closest?.('summary.faq-trigger');
  const questions = [...(summary?.closest('.faq')?.querySelectorAll<HTMLElement>(':scope > details > summary.faq-trigger') ?? [])];
  const target = faqKeyTarget(event.key, questions.indexOf(summary as HTMLElement), questions.length);
  if (target === undefined || !summary) return;
  event.preventDefault();
  questions[target]!.focus();
}
