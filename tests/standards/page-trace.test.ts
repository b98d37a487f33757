import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../../tools/lib/layers.ts';
import { ROOT } from '../../tools/lib/root.ts';

const NUMBERS: Record<string, number> = { douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16 };

/** The trace of docs/architecture.md « Suivre une page »: its text, and the code files it opens, in order, each once. */
function trace(): { text: string; files: string[] } {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const text = doc.slice(doc.indexOf('Suivre une page'), doc.indexOf('Le même chemin sert'));
  const steps = text.split('\n').filter((line) => /^\d+\. /.test(line)).join('\n');
  const paths = [...steps.matchAll(/`((?:src|bin)\/[\w./-]+\.(?:ts|tsx|mjs))`/g)].map((m) => m[1]!);
  return { text, files: [...new Set(paths)] };
}

describe('the architecture doc’s trace of a page', () => {
  it('opens as many files as it says, each reached by an import of a file opened before it', () => {
    const { text, files } = trace();
    const said = /avec `npm run build` : (\w+) fichiers/.exec(text)?.[1];
    expect(files).toHaveLength(NUMBERS[said ?? ''] ?? -1);
    expect(files.length).toBeLessThanOrEqual(15);
    // bin/cli.mjs runs the CLI bundle of src/cli/<command>.ts by its name, not by an import.
    const reached = new Set(['bin/cli.mjs', 'src/cli/build.ts']);
    const unreached = files.filter((file) => {
      const ok = reached.has(file);
      for (const to of importsOf(file, readFileSync(join(ROOT, file), 'utf8'))) reached.add(to);
      return !ok;
    });
    expect(unreached).toEqual([]);
  });

  it('counts its returns in the text as it marks them', () => {
    const { text } = trace();
    const marked = (text.match(/↩/g) ?? []).length - 1;
    const said = /et (\w+) retours? \(↩\)/.exec(text)?.[1];
    expect(marked).toBe({ un: 1, deux: 2, trois: 3 }[said ?? ''] ?? -1);
  });
});
