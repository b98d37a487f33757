import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKEN_KEY, fromFile, SOURCE_KEY, toFile } from '../../src/admin/markdown-format.ts';
import { SITE_DIR } from '../helpers/fixture-site.ts';

const hull = readFileSync(join(SITE_DIR, 'cities/hull.md'), 'utf8');

describe('the CMS’s Markdown format: what Decap reads and writes back', () => {
  it('gives the editor the values and body, and writes the file back unchanged when nothing was edited', () => {
    const entry = fromFile(hull);
    expect(entry.name).toBe('Hull');
    expect(entry.body).toMatch(/^Dans le Vieux-Hull/);
    expect(toFile(entry)).toBe(hull);
  });

  it('ignores the final newline the Markdown widget drops from the body', () => {
    const entry = fromFile(hull);
    expect(toFile({ ...entry, body: String(entry.body).trimEnd() })).toBe(hull);
  });

  it('writes one changed line for an edited summary, and never writes its own bookkeeping key', () => {
    const saved = toFile({ ...fromFile(hull), summary: 'Nouveau résumé.' });
    const changed = saved.split('\n').filter((line, i) => line !== hull.split('\n')[i]);
    expect(changed).toEqual(['summary: "Nouveau résumé."']);
    expect(saved).not.toContain(SOURCE_KEY);
  });

  it('opens a file whose header does not read without losing it: its save is refused, naming the line', () => {
    const broken = hull.replace(/^name: "Hull"$/m, 'name: "Hull');
    const entry = fromFile(broken);
    expect(entry[SOURCE_KEY]).toBe(broken);
    expect(entry[BROKEN_KEY]).toMatch(/^L’en-tête YAML de ce fichier est invalide, ligne 3, colonne \d+ : /);
    expect(() => toFile({ ...entry, name: 'Hull', body: 'Texte.' })).toThrow(/ligne 3/);
  });

  it('writes a whole new file for an entry created in the CMS', () => {
    expect(toFile({ slug: 'wakefield', name: 'Wakefield', body: 'Texte.' })).toBe('---\nslug: "wakefield"\nname: "Wakefield"\n---\nTexte.\n');
  });
});
