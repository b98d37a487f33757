import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../helpers/content-copy.ts';

/**
 * Words and claims retired by the copy edit of issue 11, each with what to write instead.
 * A word here is wrong French for Québec, a second name for one thing, or a promise the business cannot keep.
 */
const RETIRED: { word: RegExp; instead: string }[] = [
  { word: /week-end/i, instead: 'la fin de semaine' },
  { word: /élagueurs?-grimpeurs?/i, instead: 'arboriculteurs-élagueurs (titre de métier d’ici)' },
  { word: /termites/i, instead: 'rien : presque absents en Outaouais' },
  { word: /24 ?- ?48 ?h\b/i, instead: 'en 24 à 48 heures' },
  { word: /sous 24/i, instead: 'en 24 à 48 heures, ou dans les 24 heures' },
  { word: /dessouche les arbres/i, instead: 'broie les souches' },
  { word: /nous servons/i, instead: 'nous desservons (un lieu), nous répondons à (des clients)' },
  { word: /dessouchage complet/i, instead: 'Dessouchage à {ville} : un broyage à 30 cm n’enlève pas tout' },
  { word: /règles ontariennes/i, instead: 'le Règlement sur la protection des arbres de la Ville d’Ottawa' },
  { word: /en environ une heure/i, instead: 'en une heure environ' },
  { word: /au complet\b/i, instead: 'en entier' },
  { word: /arbre sous tension/i, instead: 'arbre tordu ou coincé (ou, pour l’électricité, fil sous tension)' },
  { word: /par cordage/i, instead: 'par sections, à la corde' },
  { word: /offrir une voile/i, instead: 'le retenir comme une voile' },
  { word: /préparer les étapes/i, instead: 'préparer la demande' },
  { word: /passé industriel/i, instead: 'le fait précis (l’industrie du bois…)' },
  { word: /attendre un devis/i, instead: 'n’attendent pas' },
  { word: /propre au départ/i, instead: 'propre à notre départ' },
  { word: /essoucheuse/i, instead: 'rogneuse (un seul nom pour la machine)' },
  { word: /\bbroyeurs?\b/i, instead: 'déchiqueteuse (un seul nom pour la machine à branches)' },
  { word: /entièrement assuré/i, instead: 'assurée en responsabilité civile pour 2 M$' },
  { word: /vous protège pendant les travaux/i, instead: 'responsabilité civile de 2 M$, preuve sur demande' },
  { word: /sont protégés/i, instead: 'ce que l’assurance couvre vraiment : notre responsabilité civile' },
  { word: /sans aggraver/i, instead: 'en limitant les dommages supplémentaires' },
  { word: /sécurisation immédiate/i, instead: 'mise en sécurité des lieux dès notre arrivée' },
  { word: /aucune surprise/i, instead: 'une estimation claire avant de commencer' },
  { word: /exactement à l.endroit prévu/i, instead: 'vers une zone dégagée d’avance' },
  { word: /personne ne se met en danger/i, instead: 'nous réduisons les risques' },
  { word: /sans problème/i, instead: 'lorsque les règles de sécurité le permettent' },
  { word: /simplement trop près de la maison/i, instead: 'rien : ce n’est pas un motif que la Ville accepte' },
];

function contentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? contentFiles(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : [],
  );
}

/** Every retired word in a text, as « file:line « word » → what to write instead ». */
function retiredWordsIn(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) =>
    RETIRED.flatMap(({ word, instead }) => {
      const found = line.match(word);
      return found ? [`${file}:${i + 1} « ${found[0]} » → ${instead}`] : [];
    }),
  );
}

describe('retired words stay out of the copy', () => {
  it('finds none in any file under content/', () => {
    const files = contentFiles(CONTENT_DIR);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((path) => retiredWordsIn(join('content', relative(CONTENT_DIR, path)), readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });

  it('names the file, the line and the replacement when one comes back (the gate can fail)', () => {
    const text = 'title: "Urgence"\ntext: "Nous intervenons le week-end; nos élagueurs-grimpeurs aussi."\nsummary: "Dessouchage complet"';
    expect(retiredWordsIn('content/cities/hull.md', text)).toEqual([
      'content/cities/hull.md:2 « week-end » → la fin de semaine',
      'content/cities/hull.md:2 « élagueurs-grimpeurs » → arboriculteurs-élagueurs (titre de métier d’ici)',
      'content/cities/hull.md:3 « Dessouchage complet » → Dessouchage à {ville} : un broyage à 30 cm n’enlève pas tout',
    ]);
    expect(retiredWordsIn('content/pages/home.md', 'intro: "votre devis gratuit sous 24-48h"')).toHaveLength(2);
    expect(retiredWordsIn('content/site.md', '{name} abat, élague et dessouche les arbres. Nous servons Masson-Angers.')).toHaveLength(2);
  });
});
