import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isError, runVnu, type VnuMessage } from '../../tools/lib/vnu.ts';
import { shared } from '../helpers/shared-site.ts';

let messages: VnuMessage[];
let dir: string;
let bad: string;
let checked: string[];

/** Each distinct page of a folder once: an alias is its page's very bytes (tests/build/site.test.ts), and would say the same. */
function distinctPages(root: string): string[] {
  const seen = new Set<string>();
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .sort()
    .filter((file) => {
      const digest = createHash('sha256').update(readFileSync(file)).digest('hex');
      return !seen.has(digest) && Boolean(seen.add(digest));
    });
}

// The real content plus photos in every slot (tools/lib/photo-content.ts): <picture> markup is
// checked too. One Java start for the site and the page that must fail: a start costs seconds.
beforeAll(async () => {
  ({ dir } = shared('photos'));
  bad = join(mkdtempSync(join(tmpdir(), 'vnu-')), 'bad.html');
  writeFileSync(bad, '<!DOCTYPE html><html lang="fr"><head><title>x</title></head><body><p id="a">1</p><p id="a">2</p><ul><p>x</p></ul></body></html>');
  checked = distinctPages(dir);
  messages = await runVnu([...checked, bad]);
});

describe('W3C Nu HTML Checker', () => {
  it('finds no error on any page of dist/ (warnings are listed)', () => {
    // Both languages' pages, each once: fewer would mean the sweep missed a folder.
    expect(checked.length).toBeGreaterThan(40);
    const ours = messages.filter((m) => !m.url.endsWith('/bad.html'));
    const warnings = ours.filter((m) => m.subType === 'warning');
    for (const w of warnings) console.log(`vnu warning ${w.url.replace(`file:${dir}`, '')}:${w.lastLine ?? ''} ${w.message}`);
    const errors = ours.filter(isError).map((m) => `${m.url.replace(`file:${dir}`, '')}:${m.lastLine ?? ''} ${m.message} «${m.extract ?? ''}»`);
    expect(errors).toEqual([]);
  });

  it('does catch an invalid page checked in the same run (the gate can fail)', () => {
    const found = messages.filter((m) => m.url.endsWith('/bad.html')).filter(isError).map((m) => m.message);
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/Duplicate ID/), expect.stringMatching(/Element “p” not allowed as child of element “ul”/)]));
  });
});
