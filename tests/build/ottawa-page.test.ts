import { readFileSync } from 'node:fs';
import { readFrontMatter } from '../../src/content/front-matter.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildToTemp, html, jsonLdBlocks, visibleText } from '../../tools/lib/built-site.ts';
import { sharedSite } from '../helpers/shared-site.ts';

/** Institutions and wording that exist only in Québec: Ottawa, in Ontario, has none of them. */
const QUEBEC_ONLY = [/CNESST/i, /Hydro-Québec/i, /\bRBQ\b/, /Régie du bâtiment/i, /certificat d.autorisation/i, /\bMRC\b/, /Municipalité/];

/** What the page says about the place itself: Ottawa is not in the Outaouais (the business name is). */
const mainOf = (page: string) => page.slice(page.indexOf('<main'), page.indexOf('</main>'));

function quebecOnlyWords(page: string): string[] {
  const found = QUEBEC_ONLY.filter((word) => word.test(page)).map(String);
  if (/\ben Outaouais\b/.test(visibleText(mainOf(page)))) found.push('« en Outaouais »');
  return found;
}

let site: Awaited<ReturnType<typeof buildToTemp>>;

beforeAll(async () => {
  site = await sharedSite();
});

describe('the Ottawa pages speak of Ontario, not of Québec', () => {
  it('contain no Québec-only institution, on either address', () => {
    for (const file of ['abattage-ottawa.html', 'zones/ottawa.html']) {
      expect(quebecOnlyWords(html(site, file)), file).toEqual([]);
    }
  });

  it('name the City of Ottawa’s tree protection by-law', () => {
    expect(visibleText(html(site, 'abattage-ottawa.html'))).toContain('Règlement sur la protection des arbres de la Ville d’Ottawa');
  });

  it('replace the shared safety block for Ottawa only: the Québec cities keep theirs', () => {
    const gatineau = visibleText(html(site, 'abattage-gatineau.html'));
    expect(gatineau).toContain('conformes aux exigences de la CNESST');
    expect(gatineau).toContain('Hydro-Québec');
    expect(visibleText(html(site, 'abattage-ottawa.html'))).toContain('À Ottawa, des travaux sécuritaires et conformes aux règles');
  });

  it('gives each city’s local business its own province: Ottawa ON, Gatineau QC', () => {
    const region = (file: string) => (jsonLdBlocks(html(site, file)).find((b) => b['@type'] === 'LocalBusiness')!.address as { addressRegion: string }).addressRegion;
    expect(region('abattage-ottawa.html')).toBe('ON');
    expect(region('zones/ottawa.html')).toBe('ON');
    expect(region('abattage-gatineau.html')).toBe('QC');
    expect(region('abattage-hull.html')).toBe('QC');
  });

  it('would catch the shared Québec wording on a page (the gate can fail)', () => {
    expect(quebecOnlyWords(html(site, 'abattage-gatineau.html'))).toEqual(
      expect.arrayContaining(['/CNESST/i', '/Hydro-Québec/i', '« en Outaouais »']),
    );
  });
});

describe('the wire instruction names the distributors of the page’s side of the river', () => {
  const { wire } = readFrontMatter(readFileSync('content/site.md', 'utf8')).data as { wire: { utility: string; utilityOntario: string[] } };
  const instruction = (file: string) => visibleText(html(site, file)).match(/Un arbre touche un fil[^.]*\./)?.[0] ?? '';

  it('gives a Québec city Hydro-Québec only, and Ottawa its Ontario distributors only', () => {
    expect(instruction('abattage-hull.html')).toContain(wire.utility);
    for (const name of wire.utilityOntario) expect(instruction('abattage-hull.html')).not.toContain(name);
    for (const name of wire.utilityOntario) expect(instruction('abattage-ottawa.html')).toContain(name);
    expect(instruction('abattage-ottawa.html')).not.toContain(wire.utility);
  });

  it('gives every distributor to the pages that serve both sides: home, emergency and contact', () => {
    for (const file of ['index.html', 'services/urgence-24-7.html', 'contact.html']) {
      for (const name of [wire.utility, ...wire.utilityOntario]) expect(instruction(file), file).toContain(name);
    }
  });

  it('comes before the home banner’s invitation to call us', () => {
    const banner = html(site, 'index.html').split('id="urgence-titre"')[1]!;
    const firstParagraph = /<p[^>]*>([^<]*)/.exec(banner)!;
    expect(firstParagraph[0]).toContain('role="note"');
    expect(firstParagraph[1]).toMatch(/^Un arbre touche un fil/);
  });
});
