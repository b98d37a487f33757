/**
 * French punctuation keeps its space but never wraps alone to the next line: the space an editor
 * types before « : ; ! ? » » and after « becomes non-breaking.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/[ \t]+([:;!?»])/g, '\u00a0$1').replace(/«[ \t]+/g, '«\u00a0');
}
