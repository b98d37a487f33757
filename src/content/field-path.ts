/**
 * Formats a zod issue path the way an editor reads YAML: `faq[2].answer`. Apart from
 * content-error.ts, which reads files: the editor's preview parses content in the browser.
 */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, '');
}
