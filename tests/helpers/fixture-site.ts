import { join } from 'node:path';
import { CONTENT_DIR, copyContent } from '../../tools/lib/content-copy.ts';
import { ROOT } from '../../tools/lib/root.ts';

/**
 * The site the engine's, the build's and the browsers' tests build: the sample content as the
 * project shipped it (12 cities, example values, every fixed route), frozen in
 * tests/fixtures/site/. content/ is the owner's to change: replace the example values, add and
 * remove cities, rewrite every word; no test of the engine depends on it, so none of that turns the
 * suite red. What holds for any content is checked on content/ itself (tests/content/, and the
 * build of the live site in tests/build/live-site.test.ts).
 */
export const SITE = 'tests/fixtures/site';
export const SITE_DIR = join(ROOT, SITE);

/** A private copy of the fixture site that a test may break as it likes. */
export const copySite = (at?: string) => copyContent(at, SITE_DIR);

/**
 * The content the tests of tests/content/ check: the real content/, or the folder a test names in
 * CONTENT_UNDER_CHECK when it runs those checks on content of its own (an owner's edits, played in
 * tests/build/live-site.test.ts). A name of this project's own: no shell or runner sets it.
 */
export const CONTENT_UNDER_CHECK = process.env.CONTENT_UNDER_CHECK || CONTENT_DIR;
