import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTree } from '../helpers/link-tree.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { shared } from '../helpers/shared-site.ts';
import { TYPE_CHECK } from '../../tools/lib/type-checker.ts';
import { isError, runVnu } from '../../tools/lib/vnu.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';

// The README's worked example « Ajouter un type de page », done on a copy of the project: one row
// in the page-kind table, one template (and its line in the template list), and the content file.
const FIXTURE = join(import.meta.dirname, '../fixtures/page-kind');
/**
 * tsc's incremental state for the copy, kept from one run to the next as the project's own is
 * (`.cache/tsc`): the copy is edited the same way each run, so tsc checks again only what changed
 * in the sources since (a whole check costs it about 4 CPU-s). Its paths are relative to the copy.
 */
const TYPE_STATE = join(import.meta.dirname, '../../.cache/tests/page-kind.tsbuildinfo');
let project: ReturnType<typeof copyProject>;

const build = () =>
  spawnSync(process.execPath, ['bin/cli.mjs', 'build', '--threads', '1'], { cwd: project.dir, encoding: 'utf8', env: hermeticEnv() });

beforeAll(() => {
  project = copyProject('type-de-page-');
  // The run's warm cache: the new kind changes the content code, so everything is parsed and
  // rendered again, but the share cards of the pages that were already there are not drawn again.
  linkTree(shared().cacheDir, join(project.dir, '.cache/build'));
  copyFileSync(join(FIXTURE, 'pricing.md'), join(project.dir, 'content/pages/pricing.md'));
  copyFileSync(join(FIXTURE, 'pricing.tsx'), join(project.dir, 'src/render/pages/pricing.tsx'));
  project.edit('src/site/page-kinds.ts', (t) =>
    t
      .replace("import type * as z from 'zod';", "import * as z from 'zod';\nimport { hero, seo, text } from '../content/schemas/shared.ts';")
      .replace("  'not-found':", "  pricing: { type: 'single', file: { schema: z.strictObject({ seo, hero, intro: text }) }, paths: ['/tarifs'] },\n  'not-found':"),
  );
  project.edit('src/render/templates.ts', (t) =>
    t.replace("import { notFoundPage }", "import { pricingPage } from './pages/pricing.tsx';\nimport { notFoundPage }").replace("  'not-found': notFoundPage,", "  pricing: pricingPage,\n  'not-found': notFoundPage,"),
  );
});
afterAll(() => rmSync(project.dir, { recursive: true, force: true }));

describe('adding a page kind: a row in the table and a template', () => {
  it('type-checks: the template list is held to the table', () => {
    // The template list and everything it imports (the table, the templates, the content types):
    // the rest of the project is type-checked by `npm test`'s own tsc.
    const state = '.cache/tsc/templates.tsbuildinfo';
    writeFileSync(join(project.dir, 'tsconfig.templates.json'), JSON.stringify({ extends: './tsconfig.json', include: [], files: ['src/render/templates.ts'], compilerOptions: { tsBuildInfoFile: state } }));
    if (existsSync(TYPE_STATE)) cpSync(TYPE_STATE, join(project.dir, state));
    const tsc = spawnSync(process.execPath, [...TYPE_CHECK, '-p', 'tsconfig.templates.json'], { cwd: project.dir, encoding: 'utf8' });
    expect(tsc.status, tsc.stdout).toBe(0);
    cpSync(join(project.dir, state), TYPE_STATE);
  });

  it('compiles a template that reads every city only once its row says listsCities: its pages are then rendered again when a city changes', () => {
    const checkTemplates = () => spawnSync(process.execPath, [...TYPE_CHECK, '-p', 'tsconfig.templates.json'], { cwd: project.dir, encoding: 'utf8' });
    const template = readFileSync(join(project.dir, 'src/render/pages/pricing.tsx'), 'utf8');
    const row = "paths: ['/tarifs'] }";
    try {
      project.edit('src/render/pages/pricing.tsx', (t) => t.replace('const page = data.pages.pricing;', 'const page = data.pages.pricing;\n  const served = data.cities.length;').replace('{page.intro}', '{page.intro} {served}'));
      const undeclared = checkTemplates();
      expect(undeclared.status).not.toBe(0);
      expect(undeclared.stdout).toMatch(/src\/render\/pages\/pricing\.tsx\(\d+,\d+\): error TS2339: Property 'cities' does not exist on type 'PageData'/);
      project.edit('src/render/pages/pricing.tsx', (t) => t.replaceAll('PageData', 'SiteData'));
      project.edit('src/site/page-kinds.ts', (t) => t.replace(row, "paths: ['/tarifs'], listsCities: true }"));
      const declared = checkTemplates();
      expect(declared.status, declared.stdout).toBe(0);
    } finally {
      writeFileSync(join(project.dir, 'src/render/pages/pricing.tsx'), template);
      project.edit('src/site/page-kinds.ts', (t) => t.replace("paths: ['/tarifs'], listsCities: true }", row));
    }
  });

  it('builds the new page at its address, with its canonical link, in the sitemap, valid HTML', async () => {
    const run = build();
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const page = readFileSync(join(project.dir, 'dist/tarifs.html'), 'utf8');
    expect(page).toContain('<h1>Nos tarifs, expliqués franchement</h1>');
    expect(page).toContain('<link rel="canonical" href="https://www.arbo-expert-outaouais.example/tarifs"/>');
    expect(page).toContain('Appelez-nous au 819 555-0142');
    expect(readFileSync(join(project.dir, 'dist/sitemap.xml'), 'utf8')).toContain('<loc>https://www.arbo-expert-outaouais.example/tarifs</loc>');
    expect((await runVnu([join(project.dir, 'dist/tarifs.html')])).filter(isError)).toEqual([]);
  });

  it('checks the new page’s links like any other: a broken one fails the build', () => {
    project.edit('src/render/pages/pricing.tsx', (t) => t.replace('href={paths.services}', 'href="/servics"'));
    try {
      const run = build();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('écrit par un gabarit : aucun fichier de contenu ne contient cette adresse › lien « /servics » sur la page /tarifs : aucune page à cette adresse ; vouliez-vous dire « /services » ?');
    } finally {
      project.edit('src/render/pages/pricing.tsx', (t) => t.replace('href="/servics"', 'href={paths.services}'));
    }
  });

  it('validates the new content file like any other: a missing field is named with its file', () => {
    project.edit('content/pages/pricing.md', (t) => t.replace(/^intro: .*\n/m, ''));
    const run = build();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/content\/pages\/pricing\.md(:\d+:\d+)? › intro : /);
    expect(existsSync(join(project.dir, 'dist/tarifs.html'))).toBe(true);
  });
});
