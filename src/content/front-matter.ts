import matter from 'gray-matter';
import { readYaml } from './yaml.ts';

/**
 * Front-matter and body of a Markdown file. gray-matter splits the file, and its `engines` option
 * hands the header to the project's one YAML reader (yaml.ts, YAML 1.2), as the editor reads it.
 * A syntax error throws; where it is, and where a field is, positions.ts finds in a second pass,
 * for a file with problems only.
 */
export function readFrontMatter(raw: string): { data: unknown; content: string } {
  // Any options object turns off gray-matter's cache, which would keep every file ever read.
  // `---js` would have gray-matter run the header as code: a content file is data, never code.
  // gray-matter types a header as an object; `~` reads as null, which every schema refuses.
  const { data, content } = matter(raw, { engines: { yaml: readYaml as (text: string) => object, javascript: refuseCode } });
  return { data, content };
}

function refuseCode(): never {
  throw new Error('en-tête en JavaScript refusé : écrivez-le en YAML');
}
