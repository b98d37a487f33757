import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isFictionalPhone, isReservedHost, launchChecklist, type ChecklistFile } from '../../src/content/launch-checklist.ts';
import { SITE } from '../helpers/fixture-site.ts';

const read = (file: string, role?: ChecklistFile['role']): ChecklistFile => ({ file, text: readFileSync(file, 'utf8'), ...(role ? { role } : {}) });
const realFiles = () => [read(`${SITE}/site.md`, 'site'), read(`${SITE}/pages/home.md`, 'home'), read(`${SITE}/cities/hull.md`)];
const lineOf = (file: string, needle: string) => readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;

/** The same files with what an owner fills in before launch. */
function launched(): ChecklistFile[] {
  return realFiles().map((f) => ({
    ...f,
    text: f.text
      .replace(/819 555-0142/g, '819 243-7788')
      .replace(/arbo-expert-outaouais\.example/g, 'arbo-expert-outaouais.ca')
      .replace(/^\s*sample: true\n/gm, ''),
  }));
}

describe('the launch checklist', () => {
  it('names every placeholder of the repository with its file, line, column and what to write', () => {
    const issues = launchChecklist({ files: realFiles(), webhook: { url: '/api/quote', source: 'content/site.md', problem: 'Le webhook de devis est « /api/quote »…' } });
    const at = (field: string) => issues.filter((i) => i.field === field);
    expect(at('privacy.officer.name')).toEqual([expect.objectContaining({ file: `${SITE}/site.md`, line: lineOf(`${SITE}/site.md`, 'Jean-François Côté'), message: expect.stringMatching(/valeur d’exemple.*personne responsable/) })]);
    expect(at('privacy.retention')).toHaveLength(1);
    expect(at('privacy.processor.name')).toHaveLength(1);
    expect(at('privacy.officer.phone')).toHaveLength(1);
    expect(at('phone')).toEqual([expect.objectContaining({ file: `${SITE}/site.md`, line: lineOf(`${SITE}/site.md`, 'phone:'), column: 9, message: expect.stringMatching(/numéro fictif.*écrivez le vrai numéro/) })]);
    expect(at('email')).toEqual([expect.objectContaining({ file: `${SITE}/site.md`, line: lineOf(`${SITE}/site.md`, 'email:'), message: expect.stringMatching(/adresse courriel d’exemple.*écrivez/) })]);
    expect(at('baseUrl')).toEqual([expect.objectContaining({ line: lineOf(`${SITE}/site.md`, 'baseUrl:'), message: expect.stringContaining('https://www.votre-domaine.ca') })]);
    expect(issues.filter((i) => i.file === `${SITE}/pages/home.md`).map((i) => i.field)).toEqual(['testimonials.items[0]', 'testimonials.items[1]', 'testimonials.items[2]']);
    expect(at('quoteWebhook')).toEqual([expect.objectContaining({ file: `${SITE}/site.md`, line: lineOf(`${SITE}/site.md`, 'quoteWebhook:'), column: 15 })]);
  });

  it('refuses the demo’s certification at its line until the owner writes the real one and removes sample: true', () => {
    const site = (credential: string): ChecklistFile => ({ file: 'content/site.md', role: 'site', text: `name: "Arbo"\ncredential:\n${credential}  fr: "élagueur titulaire du DEP"\n  en: "holder of the DEP"\nwire:\n  utility: "Hydro-Québec"\n` });
    const webhook = { url: 'https://hook.eu1.make.com/abc', source: 'content/site.md' } as const;
    expect(launchChecklist({ files: [site('  sample: true\n')], webhook })).toEqual([
      expect.objectContaining({ file: 'content/site.md', line: 4, column: 7, field: 'credential.fr', message: expect.stringMatching(/^certification d’exemple.*retirez « sample: true »/) }),
    ]);
    expect(launchChecklist({ files: [site('')], webhook })).toEqual([]);
  });

  it('is empty once the owner filled in real values', () => {
    expect(launchChecklist({ files: launched(), webhook: { url: 'https://hook.eu1.make.com/abc', source: 'content/site.md' } })).toEqual([]);
  });

  it('finds an example address written in a body or a FAQ answer, and one given in SITE_URL', () => {
    const files = launched();
    files[2] = { ...files[2]!, text: files[2]!.text.replace(/^---\n([\s\S]*?)\n---\n/, (all) => `${all}Écrivez à devis@acme.test ou voyez https://demo.example.com/prix.\n`) };
    const issues = launchChecklist({ files, siteUrl: 'https://staging.example', webhook: { url: 'https://hook.eu1.make.com/abc', source: 'content/site.md' } });
    expect(issues.map((i) => `${i.file} ${i.field}`)).toEqual([`${SITE}/cities/hull.md texte Markdown`, `${SITE}/cities/hull.md texte Markdown`, 'SITE_URL ']);
  });

  it('knows the reserved domains and the fictional phone range', () => {
    expect(['x.example', 'a.test', 'b.invalid', 'localhost', 'example.com', 'www.example.org'].every(isReservedHost)).toBe(true);
    expect(['arbo.ca', 'example.ca', 'exemple.com', 'test.ca'].some(isReservedHost)).toBe(false);
    expect(isFictionalPhone('819 555-0142')).toBe(true);
    expect(isFictionalPhone('+1 613 555 0199')).toBe(true);
    expect(isFictionalPhone('819 555-0200')).toBe(false);
    expect(isFictionalPhone('819 243-7788')).toBe(false);
  });
});

describe('the launch checklist reads the Worker’s routes in wrangler.jsonc', () => {
  const webhook = { url: 'https://hook.eu1.make.com/abc', source: 'content/site.md' } as const;
  const config = (routes: string) => ({ file: 'wrangler.jsonc', text: `{\n  "name": "arbo",\n  // Le domaine du site.\n  "routes": [\n${routes}\n  ],\n  "workers_dev": false\n}\n` });

  it('lists a custom domain on an example domain at its line and column, after the content files', () => {
    const issues = launchChecklist({ files: launched(), webhook, deployConfig: config('    { "pattern": "www.arbo.example", "custom_domain": true }') });
    expect(issues).toEqual([
      { file: 'wrangler.jsonc', line: 5, column: 19, field: 'routes', message: expect.stringMatching(/^domaine d’exemple dans les routes du Worker \(« www\.arbo\.example »\) : écrivez le domaine public du site/) },
    ]);
  });

  it('lists a zone’s route pattern and its zone on an example domain, each at its place', () => {
    const issues = launchChecklist({ files: [], webhook, deployConfig: config('    { "pattern": "*.arbo.test/api/*", "zone_name": "arbo.test" },\n    "example.com/*"') });
    expect(issues.map((i) => `${i.line}:${i.column} ${i.message.match(/« (.*) »/)![1]}`)).toEqual(['5:19 arbo.test', '5:53 arbo.test', '6:6 example.com']);
  });

  it('lists nothing for the site’s real domain, nor for a configuration without routes', () => {
    expect(launchChecklist({ files: [], webhook, deployConfig: config('    { "pattern": "www.arbo-expert-outaouais.ca", "custom_domain": true }') })).toEqual([]);
    expect(launchChecklist({ files: [], webhook, deployConfig: { file: 'wrangler.jsonc', text: '{ "name": "arbo", "workers_dev": true }' } })).toEqual([]);
  });
});
