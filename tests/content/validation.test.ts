import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { issuesAfter } from '../helpers/content-issues.ts';
import { ContentError } from '../../src/content/content-error.ts';
import { loadContent } from '../../src/engine/index.ts';
import { CONTENT_UNDER_CHECK, SITE_DIR } from '../helpers/fixture-site.ts';


/** 1-based line of the first match of `pattern` in a file of the fixture site, which issuesAfter copies and breaks. */
const lineOf = (file: string, pattern: RegExp) => {
  const text = readFileSync(join(SITE_DIR, file), 'utf8');
  return text.slice(0, text.search(pattern)).split('\n').length;
};

const issue = (file: string, field: string, message: RegExp) =>
  expect.objectContaining({ file: expect.stringContaining(file), field, message: expect.stringMatching(message) });

describe('content validation: a bad file stops the build with a message naming file and field', () => {
  it('accepts the real content, whatever cities and words it holds', async () => {
    const content = await loadContent(CONTENT_UNDER_CHECK);
    expect(content.cities.length).toBeGreaterThan(0);
  });

  it('names a missing required field', async () => {
    const issues = await issuesAfter((c) => c.edit('cities/hull.md', (t) => t.replace(/^summary:.*\n/m, '')));
    expect(issues).toEqual([issue('cities/hull.md', 'summary', /champ requis manquant/)]);
  });

  it('names the field a misspelled key stands for, once, at the key, instead of a missing field elsewhere', async () => {
    const issues = await issuesAfter((c) => c.edit('cities/hull.md', (t) => t.replace(/^summary:/m, 'sumary:')));
    expect(issues).toEqual([issue('cities/hull.md', 'sumary', /^champ inconnu « sumary » : vouliez-vous dire « summary » \?$/)]);
    expect(issues[0]).toMatchObject({ line: lineOf('cities/hull.md', /^summary:/m), column: 1 });
  });

  it('names a field of the wrong type, at the line and column of its value', async () => {
    const issues = await issuesAfter((c) => c.edit('cities/aylmer.md', (t) => t.replace(/^featured: true$/m, 'featured: "oui"')));
    expect(issues).toEqual([issue('cities/aylmer.md', 'featured', /^true ou false attendu, sans guillemets \(reçu : texte « oui »\)$/)]);
    expect(issues[0]).toMatchObject({ line: lineOf('cities/aylmer.md', /^featured:/m), column: 11 });
  });

  it('reports broken YAML with its line', async () => {
    const issues = await issuesAfter((c) => c.edit('services/elagage.md', (t) => t.replace(/^order: 2$/m, 'order: [2')));
    expect(issues).toEqual([issue('services/elagage.md', '', /en-tête YAML invalide/)]);
    expect(issues[0]!.line).toBeGreaterThanOrEqual(lineOf('services/elagage.md', /^order:/m));
  });

  it('places a bad FAQ answer on its own line, deep in the list', async () => {
    const issues = await issuesAfter((c) => c.edit('cities/hull.md', (t) => t.replace(/(\n  - question: .*\n    answer: )".*"/, '$1""')));
    expect(issues).toEqual([issue('cities/hull.md', 'faq[0].answer', /texte requis/)]);
    expect(issues[0]).toMatchObject({ line: lineOf('cities/hull.md', /^    answer:/m) });
  });

  it('refuses a Markdown link whose address sanitizing would remove, at its line, instead of leaving dead text', async () => {
    const issues = await issuesAfter((c) => c.edit('cities/hull.md', (t) => `${t}\nVoyez [nos tarifs](javascript:window.__xss=1) et ![plan](data:image/png;base64,AAAA).\n`));
    const line = readFileSync(join(SITE_DIR, 'cities/hull.md'), 'utf8').split('\n').length + 1;
    expect(issues).toEqual([
      expect.objectContaining({ field: 'texte Markdown', line, column: 7, message: expect.stringContaining('« javascript:window.__xss=1 »') }),
      expect.objectContaining({ field: 'texte Markdown', line, message: expect.stringContaining('« data:image/png;base64,AAAA »') }),
    ]);
  });

  it('places an unknown token of the Markdown body on its line', async () => {
    const issues = await issuesAfter((c) => c.edit('cities/hull.md', (t) => `${t}\nAppelez le {telephone}.\n`));
    expect(issues).toEqual([issue('cities/hull.md', 'texte Markdown', /jeton inconnu \{telephone\}/)]);
    expect(issues[0]!.line).toBe(readFileSync(join(SITE_DIR, 'cities/hull.md'), 'utf8').split('\n').length + 1);
  });

  it('wants exactly five FAQ items and says how many it got', async () => {
    const issues = await issuesAfter((c) =>
      c.edit('cities/chelsea.md', (t) => t.replace(/\n  - question:[\s\S]*?(?=\n  - question:)/, '')),
    );
    expect(issues).toEqual([issue('cities/chelsea.md', 'faq', /5 .*\(reçu : 4 ; ajoutez-en 1\)/)]);
  });

  it('refuses a duplicate slug and names the file that had it first', async () => {
    const issues = await issuesAfter((c) => c.edit('cities/thurso.md', (t) => t.replace(/^slug: .*$/m, 'slug: "papineauville"').replace(/^name: .*$/m, 'name: "Papineauville"')));
    expect(issues).toContainEqual(issue('cities/thurso.md', 'slug', /déjà utilisé par .*papineauville\.md/));
  });

  it('refuses two pages on the same address', async () => {
    const issues = await issuesAfter((c) => c.edit('services/urgence-24-7.md', (t) => t.replace(/^slug: urgence-24-7$/m, 'slug: urgence-24-7\naliases: [elagage]')));
    expect(issues).toEqual([issue('services/urgence-24-7.md', 'aliases[0]', /slug « elagage » déjà utilisé par .*services\/elagage\.md/)]);
  });

  it('refuses a link to a service slug that does not exist', async () => {
    const issues = await issuesAfter((c) => c.edit('cities/cantley.md', (t) => t.replace('service: elagage', 'service: emondage')));
    expect(issues).toEqual([issue('cities/cantley.md', 'services[1].service', /aucun service « emondage » : choisissez parmi : .*elagage/)]);
  });

  it('refuses a slug that does not follow the city-link rule of its name', async () => {
    const issues = await issuesAfter((c) => c.edit('cities/lange-gardien.md', (t) => t.replace(/^slug: .*$/m, 'slug: "l-ange-gardien"')));
    expect(issues).toContainEqual(issue('cities/lange-gardien.md', 'slug', /doit être « lange-gardien »/));
  });

  it('refuses unknown fields (typos) and unknown {tokens}', async () => {
    const issues = await issuesAfter((c) =>
      c.edit('pages/zones.md', (t) => t.replace(/^seo:/m, 'seo_typo: 1\nseo:')),
    );
    expect(issues).toEqual([issue('pages/zones.md', 'seo_typo', /^champ inconnu « seo_typo » : supprimez-le, ou choisissez un champ de ce bloc : seo, /)]);
    expect(issues[0]).toMatchObject({ line: lineOf('pages/zones.md', /^seo:/m), column: 1 });
    const tokenIssues = await issuesAfter((c) => c.edit('services/elagage.md', (t) => t.replace(/^---\n([\s\S]*?)\n---\n/, (m) => `${m}Appelez le {telephone}.\n`)));
    expect(tokenIssues).toEqual([issue('services/elagage.md', 'texte Markdown', /jeton inconnu \{telephone\}/)]);
  });

  it('refuses, in a city\'s overrides, a block the shared city copy does not have or a block missing a field', async () => {
    const unknown = await issuesAfter((c) => c.edit('cities/ottawa.md', (t) => t.replace(/^overrides:$/m, 'overrides:\n  sécurité: "texte"')));
    expect(unknown).toEqual([issue('cities/ottawa.md', 'overrides.sécurité', /champ inconnu « sécurité » : supprimez-le, ou choisissez un champ de ce bloc : .*safety/)]);
    const incomplete = await issuesAfter((c) => c.edit('cities/ottawa.md', (t) => t.replace(/^    title: "À Ottawa, des travaux sécuritaires.*\n/m, '')));
    expect(incomplete).toEqual([issue('cities/ottawa.md', 'overrides.safety.title', /champ requis manquant/)]);
  });

  it('collects every problem of every file in one pass', async () => {
    const issues = await issuesAfter((c) => {
      c.edit('cities/hull.md', (t) => t.replace(/^summary:.*\n/m, ''));
      c.edit('services/elagage.md', (t) => t.replace(/^order: 2$/m, 'order: -2'));
      c.write('pages/blogue.md', '---\nseo: {}\n---\n');
    });
    expect(issues.map((i) => i.file!.split('/').slice(-2).join('/')).sort()).toEqual(['cities/hull.md', 'pages/blogue.md', 'services/elagage.md']);
  });

  it('formats the error for a terminal, one line per problem, as file:line:column', () => {
    const error = new ContentError([{ file: 'content/cities/hull.md', line: 12, column: 5, field: 'faq', message: 'exactement 5 questions attendues (reçu : 4)' }]);
    expect(error.message).toBe('Contenu invalide (1 problème) :\n  content/cities/hull.md:12:5 › faq : exactement 5 questions attendues (reçu : 4)');
  });

  it('finds the line of a problem found across files (a duplicate, a dangling reference) in the file itself', () => {
    const error = new ContentError([{ file: join(SITE_DIR, 'cities/hull.md'), field: 'faq', message: 'x' }]);
    expect(error.issues[0]).toMatchObject({ line: lineOf('cities/hull.md', /^  - question:/m), column: 3 });
  });
});
