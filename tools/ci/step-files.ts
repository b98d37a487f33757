/**
 * What a step hands back to the runner through the files GitHub gives it: `$GITHUB_OUTPUT` (its
 * outputs, read as `steps.<id>.outputs.*`) and `$GITHUB_ENV` (variables for the steps after it).
 * Both take `name=value` lines and `name<<DELIMITER` blocks. Pure.
 */
export function parseStepFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const block = line.match(/^([^=<]+)<<(.+)$/);
    if (block) {
      const end = lines.indexOf(block[2]!, i + 1);
      if (end < 0) throw new Error(`Bloc ${block[1]}<<${block[2]} sans sa fin`);
      values[block[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0) values[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return values;
}

/** Actions' glob for hashFiles: `**` any depth, `*` within a folder name. */
export function globMatcher(pattern: string): (file: string) => boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\/?/g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]')
    .replace(/\u0000/g, '.*');
  const regex = new RegExp(`^${source}$`);
  return (file) => regex.test(file);
}
