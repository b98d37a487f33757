import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isError, runVnu, type VnuMessage } from '../helpers/vnu.ts';
import { shared } from '../helpers/shared-site.ts';

let messages: VnuMessage[];
let dir: string;

// The real content plus photos in every slot (tools/lib/photo-content.ts): <picture> markup is checked too.
beforeAll(async () => {
  ({ dir } = shared('photos'));
  messages = await runVnu([dir]);
});

describe('W3C Nu HTML Checker', () => {
  it('finds no error on any page of dist/ (warnings are listed)', () => {
    const warnings = messages.filter((m) => m.subType === 'warning');
    for (const w of warnings) console.log(`vnu warning ${w.url.replace(`file:${dir}`, '')}:${w.lastLine ?? ''} ${w.message}`);
    const errors = messages.filter(isError).map((m) => `${m.url.replace(`file:${dir}`, '')}:${m.lastLine ?? ''} ${m.message} «${m.extract ?? ''}»`);
    expect(errors).toEqual([]);
  });

  it('does catch an invalid page (the gate can fail)', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'vnu-')), 'bad.html');
    writeFileSync(bad, '<!DOCTYPE html><html lang="fr"><head><title>x</title></head><body><p id="a">1</p><p id="a">2</p><ul><p>x</p></ul></body></html>');
    const found = (await runVnu([bad])).filter(isError).map((m) => m.message);
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/Duplicate ID/), expect.stringMatching(/Element “p” not allowed as child of element “ul”/)]));
  });
});
