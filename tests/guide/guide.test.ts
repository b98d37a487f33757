/**
 * GUIDE.md tried as an editor would try it, on fresh copies of the project: every command it
 * shows runs, every message it shows is what the build prints today for the mistake it describes
 * (conventions in tests/helpers/guide-blocks.ts). README.md's and docs/'s own sample messages are held to the
 * same rule.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type GuideBlock, guideBlocks, missingLines } from '../helpers/guide-blocks.ts';
import { editorCopy, runCommand, SampleBench, tryServer } from '../helpers/guide-trials.ts';
import { sharedSite } from '../helpers/shared-site.ts';

const ROOT = join(import.meta.dirname, '../..');
const GUIDE = readFileSync(join(ROOT, 'GUIDE.md'), 'utf8');
/** The README and the docs it leads to: their sample messages are tried like the guide's. */
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)].map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
const blocks = guideBlocks(GUIDE);
const at = (b: GuideBlock, file = 'GUIDE.md') => `${file}:${b.line} (${b.section})`;

/** A text block tried by editing content, as opposed to one that shows a command's output. */
const isSample = (b: GuideBlock) => b.lang === 'text' && b.trials.length > 0 && !b.trials.some((t) => 'sortie' in t);
/** A line as the build prints a problem: `file:line:col › field : …`. */
const LOOKS_LIKE_A_MESSAGE = /^\s*\S+:\d+:\d+ › /m;

/** About 25 s in all on an idle machine of 2 cores; four times that when other suites share it. */
const LOADED_MACHINE = 240_000;

const copies: string[] = [];
const bench = new SampleBench();
afterAll(() => {
  bench.close();
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('GUIDE.md, tried on a fresh copy of the project', () => {
  it('shows commands only in sh blocks, and tries every message it shows', () => {
    const wrongFence = blocks.filter((b) => ['bash', 'console', 'shell', 'zsh', ''].includes(b.lang));
    expect(wrongFence.map((b) => at(b)), 'commandes en ```sh seulement (et chaque bloc a sa langue)').toEqual([]);
    const untried = blocks.filter((b) => b.lang === 'text' && b.trials.length === 0 && LOOKS_LIKE_A_MESSAGE.test(b.body));
    expect(untried.map((b) => at(b)), 'un message montré sans <!-- essai --> ne serait jamais vérifié').toEqual([]);
    const notRun = blocks.filter((b) => b.lang === 'sh' && b.trials.some((t) => 'non' in t && !t.non));
    expect(notRun.map((b) => at(b)), 'essai: non sans raison').toEqual([]);
  });

  it('prints, for each mistake the guide, the README and the docs describe, the very lines they show', async () => {
    const samples = [...blocks.filter(isSample).map((b) => ({ b, file: 'GUIDE.md' })), ...DOCS.flatMap(({ file, text }) => guideBlocks(text).filter(isSample).map((b) => ({ b, file })))];
    expect(samples.length).toBeGreaterThan(25);
    const failures: string[] = [];
    for (const { b, file } of samples) {
      const printed = await bench.printed(b.trials);
      const missing = missingLines(b.body, printed);
      if (missing.length > 0) failures.push(`${at(b, file)} : la construction n’affiche pas\n${missing.join('\n')}\nelle affiche :\n${printed}`);
    }
    expect(failures).toEqual([]);
  }, LOADED_MACHINE);

  it('catches a sample that is not what the build prints: the README’s old FAQ error, hull.md:52:5 for the line the build names', async () => {
    const faq = blocks.find((b) => isSample(b) && b.body.includes('content/cities/hull.md:40:3 › faq'))!;
    const printed = await bench.printed(faq.trials);
    expect(missingLines(faq.body, printed)).toEqual([]);
    const stale = faq.body.replace('hull.md:40:3', 'hull.md:52:5');
    expect(missingLines(stale, printed)).toEqual(['  content/cities/hull.md:52:5 › faq : exactement 5 questions attendues (reçu : 4 ; ajoutez-en 1)']);
  });

  it('names only addresses the site serves, or that a command of the guide said it made', async () => {
    // The run's build of the real content, written again from its cache: the routes without rendering a page.
    const { routes } = await sharedSite();
    const served = new Set(routes.map((r) => r.path));
    const promised = blocks.filter((b) => b.trials.some((t) => 'sortie' in t)).map((b) => b.body).join('\n');
    const named = [...GUIDE.matchAll(/`(?:http:\/\/localhost:4321)?(\/[a-z0-9/-]*)`/g)].map((m) => m[1]!);
    const unknown = named.filter((path) => !served.has(path) && !promised.includes(path) && !NOT_PAGES.has(path) && !/^\/page-inconnue$/.test(path));
    expect(unknown).toEqual([]);
  });
});

/** Addresses the guide names that are not pages of the build: the web editor's, the local quote receiver's. */
const NOT_PAGES = new Set(['/admin', '/api/quote']);

const sections = [...new Set(blocks.filter((b) => b.lang === 'sh').map((b) => b.section))];

// Each section on its own copy, the sections side by side: their commands are other processes.
describe.concurrent.each(sections)('the commands of « %s », one after another on one copy', (section) => {
  it('run as the guide says: servers answer, commands succeed (or fail where it says so) and print what it shows', async ({ expect }) => {
    const dir = editorCopy();
    copies.push(dir);
    let last = '';
    for (const b of blocks.filter((x) => x.section === section && (x.lang === 'sh' || x.trials.some((t) => 'sortie' in t)))) {
      if (b.lang === 'text') {
        expect(missingLines(b.body, last), `${at(b)} : sortie de la commande précédente`).toEqual([]);
        continue;
      }
      if (b.trials.some((t) => 'non' in t)) continue;
      if (b.trials.some((t) => 'serveur' in t)) {
        const served = await tryServer(b.body, dir);
        expect(served.status, `${at(b)} : ${served.url}\n${served.output}`).toBe(200);
        last = served.output;
        continue;
      }
      const fails = b.trials.some((t) => 'échoue' in t);
      const ran = await runCommand(b.body, dir);
      expect(ran.status === 0, `${at(b)} : ${b.body} → ${ran.status}\n${ran.output}`).toBe(!fails);
      last = ran.output;
    }
  }, LOADED_MACHINE);
});
