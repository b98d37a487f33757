import { describe, expect, it } from 'vitest';
import { BuildParsed, ParsedMemo, type ParsedIndex } from '../../src/engine/index.ts';
import type { CitySummary } from '../../src/content/types.ts';
import type { Entry } from '../../src/content/parse-entry.ts';

const hull = { file: 'cities/hull.md', slug: 'hull', name: 'Hull' } as CitySummary;
const aylmer = { file: 'cities/aylmer.md', slug: 'aylmer', name: 'Aylmer' } as CitySummary;
const about = { type: 'page', page: 'about', value: {} } as unknown as Exclude<Entry, { type: 'city' }>;

describe('the memo of parsed files keeps one record per content key', () => {
  it('gives back what a thread parsed, where the cache holds it and the thread that holds a city', () => {
    const build = new BuildParsed(new ParsedMemo(() => undefined, undefined));
    build.take({ ok: true, key: 'k-about', entry: about, packed: ['p1', 0, 10] });
    build.take({ ok: true, key: 'k-hull', city: hull, heldBy: 1 });
    expect(build.entry('k-about')).toBe(about);
    expect(build.packedAt('k-about')).toEqual(['p1', 0, 10]);
    expect(build.city('k-hull')).toBe(hull);
    expect(build.heldBy('k-hull')).toBe(1);
    expect(build.entry('k-autre')).toBeUndefined();
  });

  it('holds nothing of a build until it takes the build’s layer at the commit', () => {
    const memo = new ParsedMemo(() => undefined, undefined);
    const build = new BuildParsed(memo);
    build.take({ ok: true, key: 'k-hull', city: hull, heldBy: 1 });
    expect(memo.city('k-hull')).toBeUndefined();
    memo.absorb(build);
    expect(memo.city('k-hull')).toBe(hull);
    expect(memo.heldBy('k-hull')).toBe(1);
    expect(new BuildParsed(memo).jobFor({ kind: { type: 'city' }, path: '/c/hull.md', file: 'cities/hull.md' } as never, 'k-hull', 'h1')).toMatchObject({ key: 'k-hull', heldBy: 1, fileHash: 'h1' });
  });

  it('keeps where the cache holds a file the thread rejected, and nothing else of it', () => {
    const build = new BuildParsed(new ParsedMemo(() => undefined, undefined));
    build.take({ ok: false, key: 'k-bad', issues: [], packed: ['p2', 5, 7] });
    expect(build.packedAt('k-bad')).toEqual(['p2', 5, 7]);
    expect(build.entry('k-bad')).toBeUndefined();
    expect(build.city('k-bad')).toBeUndefined();
  });

  it('falls back on the last build’s index, read when asked: a city summary and where each entry is', () => {
    let index: ParsedIndex = { cities: { 'k-aylmer': aylmer }, parsed: { 'k-aylmer': ['p0', 0, 3] } };
    const memo = new ParsedMemo(() => index, undefined);
    const build = new BuildParsed(memo);
    expect(build.city('k-aylmer')).toBe(aylmer);
    expect(build.packedAt('k-aylmer')).toEqual(['p0', 0, 3]);
    index = { cities: {}, parsed: {} };
    // Once asked, the summary is the build's own, and the memo's after the commit; where it was packed came from the index only.
    expect(build.city('k-aylmer')).toBe(aylmer);
    expect(build.packedAt('k-aylmer')).toBeUndefined();
    memo.absorb(build);
    expect(memo.city('k-aylmer')).toBe(aylmer);
  });

  it('forgets every key no file carries any more', () => {
    const memo = new ParsedMemo(() => undefined, undefined);
    const build = new BuildParsed(memo);
    build.take({ ok: true, key: 'k-hull', city: hull, heldBy: 0 });
    build.take({ ok: true, key: 'k-about', entry: about });
    memo.absorb(build);
    memo.keepOnly(new Set(['k-about']));
    expect(memo.city('k-hull')).toBeUndefined();
    expect(memo.heldBy('k-hull')).toBeUndefined();
    expect(memo.entry('k-about')).toBe(about);
  });
});
