import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildEngine } from '../../src/engine/index.ts';
import { warmCache } from '../helpers/shared-site.ts';
import { hermeticEnv } from '../helpers/hermetic-env.ts';
import { SITE, copySite } from '../helpers/fixture-site.ts';

const work = mkdtempSync(join(tmpdir(), 'lancement-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run build` as a user runs it: the bundled CLI, a whole process, from a copy of the run's warm cache. */
function build(contentDir: string, env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ['bin/cli.mjs', 'build', '--content', contentDir, '--out', join(work, 'dist'), '--cache', warmCache(), ...args], {
    encoding: 'utf8',
    env: hermeticEnv(env),
  });
}

/** How many values the build's « Avant la mise en ligne » list says are left, checked against the lines it lists. */
function toReplace(printed: string): number {
  const [, count, list] = /Avant la mise en ligne \((\d+) à remplacer\) :\n((?: {2}.*\n?)*)/.exec(printed) ?? [];
  expect(list?.trimEnd().split('\n'), printed).toHaveLength(Number(count));
  return Number(count);
}

const lineOf = (file: string, needle: string) => readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('before going live', () => {
  it('a production build of the repository as it is refuses, in one message, every example value with its file, line and column', () => {
    const run = build(SITE, {}, '--production');
    expect(run.status).toBe(1);
    expect(toReplace(run.stderr)).toBeGreaterThan(0);
    for (const [file, needle, field] of [
      [`${SITE}/site.md`, 'phone:', 'phone'],
      [`${SITE}/site.md`, 'email:', 'email'],
      [`${SITE}/site.md`, 'baseUrl:', 'baseUrl'],
      [`${SITE}/site.md`, 'quoteWebhook:', 'quoteWebhook'],
      [`${SITE}/site.md`, 'name: "Jean-François Côté"', 'privacy.officer.name'],
      [`${SITE}/site.md`, 'retention:', 'privacy.retention'],
      [`${SITE}/site.md`, 'name: "Make (Celonis)"', 'privacy.processor.name'],
      [`${SITE}/site.md`, 'host: "Cloudflare', 'privacy.relay.host'],
      [`${SITE}/site.md`, 'fr: "arboriculteur', 'credential.fr'],
      [`${SITE}/pages/home.md`, '      sample: true', 'testimonials.items[0]'],
      // The English home translates the same sample testimonials: replaced with the French ones.
      [`${SITE}/en/pages/home.md`, '      sample: true', 'testimonials.items[0]'],
    ] as const) {
      expect(run.stderr).toMatch(new RegExp(`${file}:${lineOf(file, needle)}:\\d+ › ${field.replace(/[[\].]/g, '\\$&')} : .*(écrivez|remplacez|Définissez)`));
    }
    expect(existsSync(join(work, 'dist'))).toBe(false);
  });

  it('any other build succeeds and prints the same list once, as a reminder', () => {
    const run = build(SITE, {});
    expect(run.status).toBe(0);
    expect(run.stdout.match(/Avant la mise en ligne \(/g)).toHaveLength(1);
    expect(toReplace(run.stdout)).toBe(toReplace(build(SITE, {}, '--production').stderr));
  });

  it('a production build of a site whose owner replaced every example value passes', () => {
    const copy = copySite();
    copy.edit('site.md', (t) =>
      t
        .replace(/819 555-0142/g, '819 243-7788')
        .replace(/arbo-expert-outaouais\.example/g, 'arbo-expert-outaouais.ca')
        .replace(/^  sample: true\n/gm, '')
        .replace('Jean-François Côté', 'Mélanie Gauthier'),
    );
    copy.edit('pages/home.md', (t) => t.replace(/^\s*sample: true\n/gm, ''));
    copy.edit('en/pages/home.md', (t) => t.replace(/^\s*sample: true\n/gm, ''));
    try {
      const run = build(copy.dir, { QUOTE_WEBHOOK_URL: 'https://hook.eu1.make.com/abc123' }, '--production');
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).not.toContain('Avant la mise en ligne');
    } finally {
      rmSync(copy.dir, { recursive: true, force: true });
    }
  });

  it('lists the Worker’s custom domain when wrangler.jsonc beside the content still names an example domain, at its line and column', () => {
    const project = mkdtempSync(join(tmpdir(), 'projet-'));
    const copy = copySite(join(project, 'content'));
    const config = join(project, 'wrangler.jsonc');
    const routes = (domain: string) => `{\n  "name": "arbo",\n  "workers_dev": false,\n  "routes": [{ "pattern": "${domain}", "custom_domain": true }]\n}\n`;
    try {
      writeFileSync(config, routes('www.arbo.example'));
      const run = build(copy.dir, {});
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`${relative(process.cwd(), config).replace(/\./g, '\\.')}:4:28 › routes : domaine d’exemple dans les routes du Worker \\(« www\\.arbo\\.example »\\)`));
      writeFileSync(config, routes('www.arbo-expert-outaouais.ca'));
      expect(build(copy.dir, {}).stdout).not.toContain('routes du Worker');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('on GitHub, each value to replace is an annotation on its line', () => {
    const run = build(SITE, { GITHUB_ACTIONS: 'true', GITHUB_REF: 'refs/heads/main' }, '--production');
    expect(run.status).toBe(1);
    const phone = lineOf(`${SITE}/site.md`, 'phone:');
    expect(run.stdout).toMatch(new RegExp(`^::error file=${SITE}/site\\.md,line=${phone},col=\\d+,title=À remplacer avant la mise en ligne::phone : numéro fictif`, 'm'));
  });

  it('an example address in a city’s text is listed at its line, also by a build that reads again only the files it saw change', async () => {
    const copy = copySite();
    copy.edit('cities/hull.md', (t) => `${t}\nÉcrivez à hull@exemple.example pour Hull.\n`);
    const engine = new BuildEngine({ contentDir: copy.dir, cacheDir: null, threads: 1, checklist: true });
    try {
      const listed = (r: { checklist: { file?: string; message: string }[] }) => r.checklist.filter((d) => d.file?.endsWith('hull.md')).map((d) => d.message);
      expect(listed(await engine.build())).toEqual([expect.stringContaining('hull@exemple.example')]);
      copy.edit('cities/aylmer.md', (t) => `${t}\nUne phrase de plus.\n`);
      expect(listed(await engine.build([join(copy.dir, 'cities/aylmer.md')]))).toEqual([expect.stringContaining('hull@exemple.example')]);
    } finally {
      await engine.close();
      rmSync(copy.dir, { recursive: true, force: true });
    }
  });

  it('a build that keeps the last build’s list (a new process, the same cache) lists again what a file it reads changed: a number replaced, then put back', async () => {
    const copy = copySite();
    const cacheDir = warmCache();
    const phone = async () => {
      // Each build in an engine of its own, as each `npm start` is a process of its own.
      const engine = new BuildEngine({ contentDir: copy.dir, cacheDir, threads: 1, checklist: true });
      try {
        return (await engine.build()).checklist.filter((d) => d.field === 'phone').map((d) => `${d.line}:${d.column} ${d.message}`);
      } finally {
        await engine.close();
      }
    };
    try {
      const fictional = await phone();
      expect(fictional).toEqual([expect.stringContaining('numéro fictif (« 819 555-0142 »')]);
      expect(await phone()).toEqual(fictional);
      copy.edit('site.md', (t) => t.replace(/819 555-0142/g, '819 243-7788'));
      expect(await phone()).toEqual([]);
      copy.edit('site.md', (t) => t.replace(/819 243-7788/g, '819 555-0142'));
      expect(await phone()).toEqual(fictional);
    } finally {
      rmSync(copy.dir, { recursive: true, force: true });
      rmSync(dirname(cacheDir), { recursive: true, force: true });
    }
  });

  it('a city left as npm run new wrote it is listed, its text and the company’s coordinates each at their line, in both languages, refused by a production build', () => {
    const copy = copySite();
    const made = spawnSync(process.execPath, ['bin/cli.mjs', 'new', 'city', 'Saint-André-Avellin', '--content', copy.dir], { encoding: 'utf8' });
    expect(made.status).toBe(0);
    const city = join(copy.dir, 'cities/saint-andre-avellin.md');
    const english = join(copy.dir, 'en/cities/saint-andre-avellin.md');
    const [shown, shownEnglish] = [city, english].map((f) => relative(process.cwd(), f));
    try {
      const before = toReplace(build(SITE, {}).stdout);
      const reminder = build(copy.dir, {});
      expect(reminder.status).toBe(0);
      // Its text and its coordinates, in each language.
      expect(toReplace(reminder.stdout)).toBe(before + 4);
      expect(reminder.stdout).toContain(`${shown}:${lineOf(city, 'summary:')}:10 › summary : texte d’exemple écrit par npm run new, encore tel quel (summary, seo.description, heroSubtitle, services[0].text, 13 autres champs et le texte Markdown) : remplacez-le par ce qui est vrai et propre à Saint-André-Avellin`);
      expect(reminder.stdout).toContain(`${shown}:${lineOf(city, 'geo:')}:6 › geo : coordonnées de l’entreprise, pas de Saint-André-Avellin : écrivez celles du centre de Saint-André-Avellin`);
      expect(reminder.stdout).toContain(`${shownEnglish}:${lineOf(english, 'summary:')}:10 › summary : texte d’exemple écrit par npm run new, encore tel quel (summary,`);
      expect(reminder.stdout).toContain(`${shownEnglish}:${lineOf(english, 'geo:')}:6 › geo : coordonnées de l’entreprise`);
      const refused = build(copy.dir, {}, '--production');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`${shown}:${lineOf(city, 'geo:')}:6 › geo : coordonnées de l’entreprise`);

      copy.edit('cities/saint-andre-avellin.md', (t) => t.replace(/^summary: .*$/m, 'summary: "Saint-André-Avellin, ses érablières et ses grands terrains boisés : des arbres hauts, souvent loin de la rue."'));
      expect(toReplace(build(copy.dir, {}).stdout)).toBe(before + 4);
      copy.edit('cities/saint-andre-avellin.md', (t) => t.replace(/^geo: .*$/m, 'geo: { lat: 45.6507, lng: -75.6339 }'));
      expect(toReplace(build(copy.dir, {}).stdout)).toBe(before + 2);
      copy.edit('en/cities/saint-andre-avellin.md', (t) => t.replace(/^summary: .*$/m, 'summary: "Saint-André-Avellin, its sugar bushes and large wooded lots: tall trees, often far from the road."').replace(/^geo: .*$/m, 'geo: { lat: 45.6507, lng: -75.6339 }'));
      expect(toReplace(build(copy.dir, {}).stdout)).toBe(before);
    } finally {
      rmSync(copy.dir, { recursive: true, force: true });
    }
  });
});
