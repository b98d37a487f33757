/**
 * GUIDE.md read as a list of things to try. The guide's conventions (written at its end, in
 * « Pour qui modifie ce guide »):
 *
 * - a ```sh block is a command an editor types: the test runs it, in the project copy of its
 *   section (`##`), in the order of the guide; `<!-- essai: serveur -->` before it marks a server
 *   (started, asked for its page, stopped), `<!-- essai: non="why" -->` a command the test cannot
 *   run (a clone, a deploy);
 * - a ```text block after one or more `<!-- essai: … -->` comments is a message the build prints:
 *   the test makes the edits they describe on a fresh copy of content/, runs the build, and each
 *   line of the block must be a line of what the build printed;
 * - `<!-- essai: sortie -->` before a ```text block: the lines of the previous command's output;
 * - no other shell fence (bash, console, shell): a command shown must be a command tried.
 */

/** One `<!-- essai: key="value" … -->` comment: its attributes, values unescaped (\n, \", \\). */
export type Trial = Record<string, string>;

export interface GuideBlock {
  /** The fence's language: sh, text, yaml… */
  lang: string;
  body: string;
  /** 1-based line of the opening fence in GUIDE.md, for messages. */
  line: number;
  /** The `##` section the block is in. */
  section: string;
  /** The essai comments right before the fence (blank lines between them allowed). */
  trials: Trial[];
}

const TRIAL = /^\s*<!-- essai:(.*?)-->\s*$/;
const ATTRIBUTE = /([\wé]+)(?:="((?:[^"\\]|\\.)*)")?/g;

export function parseTrial(text: string): Trial {
  const trial: Trial = {};
  for (const m of text.matchAll(ATTRIBUTE)) trial[m[1]!] = (m[2] ?? '').replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
  return trial;
}

/** Every fenced block of the guide, with its section and the essai comments above it. */
export function guideBlocks(markdown: string): GuideBlock[] {
  const lines = markdown.split('\n');
  const blocks: GuideBlock[] = [];
  let section = '';
  let pending: Trial[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    const fence = /^(\s*)```(\S*)\s*$/.exec(text);
    if (fence) {
      const indent = fence[1]!.length;
      const start = i;
      const body: string[] = [];
      for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!.slice(indent));
      blocks.push({ lang: fence[2]!, body: body.join('\n'), line: start + 1, section, trials: pending });
      pending = [];
      continue;
    }
    const trial = TRIAL.exec(text);
    if (trial) pending.push(parseTrial(trial[1]!));
    else if (/^## /.test(text)) {
      section = text.slice(3).trim();
      pending = [];
    } else if (text.trim() !== '') pending = [];
  }
  return blocks;
}

/** The lines of a sample that must be printed as they are: blank lines separate, they prove nothing. */
export const sampleLines = (body: string) => body.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '');

/** The sample's lines missing from what was printed, in order: none when the guide says what the build says. */
export function missingLines(sample: string, printed: string): string[] {
  const said = printed.split('\n').map((l) => l.trimEnd());
  let from = 0;
  const missing: string[] = [];
  for (const line of sampleLines(sample)) {
    const at = said.indexOf(line, from);
    if (at < 0) missing.push(line);
    else from = at + 1;
  }
  return missing;
}
