import { describe, expect, it } from 'vitest';
import { checkBadContent, loadCorpus, missingSuggestion } from '../../tools/scenarios/bad-content.ts';
import { warmCache } from '../helpers/shared-site.ts';

describe('malformed content (tests/fixtures/bad-content/)', () => {
  const cases = loadCorpus();

  it('holds at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it('rejects every case naming its file, line and field, with no stack trace and dist/ untouched', async () => {
    expect(await checkBadContent(cases, { cacheDir: warmCache() })).toEqual([]);
  });

  it('notices a message on the wrong line (the check can fail)', async () => {
    const wrongLine = { ...cases[1]!, name: 'mauvaise-ligne', expect: { ...cases[1]!.expect, line: '^slug:' } };
    expect(await checkBadContent([wrongLine], { cacheDir: warmCache() })).toEqual([expect.stringContaining('mauvaise-ligne : attendu')]);
  });

  it('refuses a message on an unknown key that does not name the known key two letters away (the suggestion check can fail)', () => {
    expect(missingSuggestion('content/cities/hull.md:7:1 › sumary : champ inconnu « sumary » : supprimez-le', 'cities/hull.md')).toMatch(/summary/);
    expect(missingSuggestion('content/cities/hull.md:41:5 › faq[0].answr : champ inconnu « answr »', 'cities/hull.md')).toMatch(/answer/);
    expect(missingSuggestion('content/cities/hull.md:7:1 › sumary : champ inconnu « sumary » : vouliez-vous dire « summary » ?', 'cities/hull.md')).toBeUndefined();
    expect(missingSuggestion('content/cities/hull.md:6:1 › couleur : champ inconnu « couleur » : supprimez-le', 'cities/hull.md')).toBeUndefined();
  });
});
