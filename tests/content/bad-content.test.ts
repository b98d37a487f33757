import { describe, expect, it } from 'vitest';
import { checkBadContent, loadCorpus } from '../../tools/scenarios/bad-content.ts';

describe('malformed content (tests/fixtures/bad-content/)', () => {
  const cases = loadCorpus();

  it('holds at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it('rejects every case naming its file, line and field, with no stack trace and dist/ untouched', async () => {
    expect(await checkBadContent(cases)).toEqual([]);
  }, 120_000);

  it('notices a message on the wrong line (the check can fail)', async () => {
    const wrongLine = { ...cases[1]!, name: 'mauvaise-ligne', expect: { ...cases[1]!.expect, line: '^slug:' } };
    expect(await checkBadContent([wrongLine])).toEqual([expect.stringContaining('mauvaise-ligne : attendu')]);
  }, 60_000);
});
