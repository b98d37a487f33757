import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_UNDER_CHECK } from '../helpers/fixture-site.ts';

/**
 * Words and claims retired by the copy edits, each with what to write instead.
 * A word here is wrong French for Québec, a second name for one thing, a second form of one fact,
 * or a promise the business cannot keep.
 */
const RETIRED: { word: RegExp; instead: string; lang?: 'fr' | 'en'; except?: string[] }[] = [
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
  { word: /entièrement assuré/i, instead: 'assurée en responsabilité civile pour 2 millions de dollars' },
  { word: /vous protège pendant les travaux/i, instead: 'responsabilité civile de 2 millions de dollars, preuve sur demande' },
  { word: /sont protégés/i, instead: 'ce que l’assurance couvre vraiment : notre responsabilité civile' },
  { word: /sans aggraver/i, instead: 'en limitant les dommages supplémentaires' },
  { word: /sécurisation immédiate/i, instead: 'mise en sécurité des lieux dès notre arrivée' },
  { word: /aucune surprise/i, instead: 'une estimation claire avant de commencer' },
  { word: /exactement à l.endroit prévu/i, instead: 'vers une zone dégagée d’avance' },
  { word: /personne ne se met en danger/i, instead: 'nous réduisons les risques' },
  { word: /sans problème/i, instead: 'lorsque les règles de sécurité le permettent' },
  { word: /simplement trop près de la maison/i, instead: 'rien : ce n’est pas un motif que la Ville accepte' },
  // One form for each fact.
  { word: /(coûte|comptez) environ 300/i, instead: 'le prix commence à (part d’) environ 300 $ : c’est un prix de départ' },
  { word: /jusqu.à environ 30 cm/i, instead: 'jusqu’à 30 cm (le chiffre fixé)' },
  { word: /\d\s*M\$/, instead: '2 millions de dollars (une seule forme du montant)' },
  { word: /\p{L}'/u, instead: '’ (apostrophe typographique, partout dans content/)' },
  { word: /(répond\w*|fonctionne|intervenons|accès,) 24\/7/i, instead: 'jour et nuit (« 24/7 » reste un libellé : titres, badges, « Urgence 24/7 »)' },
  // Readings that say something else than meant.
  { word: /conformes à (\{city\}|\p{Lu})/u, instead: 'À {city}, des travaux sécuritaires et conformes aux règles (pas « conformes à Hull »)' },
  { word: /travail près des fils/i, instead: 'coordination avec Hydro-Québec près des fils (le réseau est à Hydro-Québec)' },
  { word: /tout l.Outaouais/i, instead: 'les lieux desservis, nommés : la promesse d’une heure n’atteint pas le Pontiac' },
  { word: /jusqu.à la rivière du Lièvre, à l.est/i, instead: 'jusqu’à Buckingham et Masson-Angers, de part et d’autre de la rivière du Lièvre' },
  { word: /(village|noyau|cachet) patrimonial/i, instead: 'maisons anciennes, cœur ancien (« patrimonial » se lit comme une désignation officielle)' },
  { word: /vient s.y jeter/i, instead: 'à l’embouchure de la rivière du Lièvre' },
  { word: /vérifi\w* avec la (Ville|Municipalité)/i, instead: 'vérifier auprès de la Ville' },
  { word: /rétention à la corde/i, instead: 'retenue à la corde' },
  { word: /mal attachée?s?/i, instead: 'mal insérées (sur le tronc)' },
  { word: /préserve la vue/i, instead: 'protège votre intimité (un écran de verdure cache la vue)' },
  // Each fact written one way per language; the forms not chosen are refused.
  { word: /24 ?h(eures)? sur 24|24 ?h ?\/ ?24|7 ?j ?\/ ?7|7 jours sur 7/i, instead: 'jour et nuit (« 24/7 » reste un libellé : titres, badges, heures)' },
  { word: /1 ?h environ|environ (une|1) ?h(eure)?\b/i, instead: 'une heure environ' },
  { word: /2 millions(?! de dollars)/, instead: '2 millions de dollars' },
  { word: /Obtenir mon estimation/i, instead: 'Demander un devis gratuit (le libellé fixé du bouton)' },
  { word: /est couvert\w* par (notre|une) assurance|interventions sont couvertes/i, instead: 'ce que l’entreprise détient : une assurance responsabilité civile de 2 millions de dollars, preuve sur demande' },
  { word: /n.est pas à votre goût/i, instead: 'ce qui n’a pas été fait comme prévu est repris, sans frais' },
  { word: /24 heures au plus/i, instead: 'dans les 24 heures (un délai, pas un maximum)' },
  { word: /intervenons rapidement à/i, instead: 'nous vous disons dès l’appel quand une équipe peut venir (les villes éloignées attendent plus)' },
  { word: /typiquement/i, instead: 'généralement, en général' },
  { word: /développements? récents?/i, instead: 'nouveaux quartiers' },
  { word: /24 hours a day|7 days a week|around the clock/i, instead: 'day and night (“24/7” stays a label: titles, badges, hours)' },
  { word: /about (one|1) ?h(our)?\b|roughly an hour|within about an hour/i, instead: 'about an hour' },
  { word: /\$\s?2\s?M\b|2 million dollars|two million/i, instead: '$2 million' },
  { word: /\bover 15 years|15\+ years/i, instead: 'more than 15 years' },
  { word: /(?<!Hydro-|information du )Québec/, instead: 'Quebec (the English spelling; Hydro-Québec keeps its name)', lang: 'en' },
  { word: /my free estimate/i, instead: 'Get a free quote (the English button)' },
  { word: /isn.t to your liking/i, instead: 'work not done as agreed is redone at no charge' },
  { word: /(job|work) is covered by/i, instead: 'what the company holds: $2 million in liability insurance, proof on request' },
  // A certification is named: {credential} inserts the one written in content/site.md.
  { word: /(?<!\{credential\}.*)(?<!\p{L})(équipes? certifiées?|(élagueurs?|arboriculteurs?)(-élagueurs?)? certifiés?|certified(, insured)? (crews?|arborists?|team))(?!\p{L})(?!.*\{credential\})/iu, instead: 'le titre de {credential} (la certification nommée, écrite une fois dans content/site.md)', except: ['content/site.md'] },
  { word: /free up the house|reopen the (way|road)|Professional execution/i, instead: 'clear the road, get you out again, say what the step does' },
  { word: /respond quickly in/i, instead: 'we’ll tell you on the phone when a crew can come' },
  { word: /24 hours at most/i, instead: 'within 24 hours (a time frame, not a maximum)' },
  { word: /Lac McGregor/, instead: 'McGregor Lake (as its association writes it)', lang: 'en' },
  // The wire instruction is site.md's `wire`, shown by the templates: a page never retypes it.
  { word: /\b911\b|10 (m|mètres|metres)\b.{0,40}(fil|wire|line)|avisez aussi Hydro|appelez d.abord Hydro|notify Hydro|call Hydro-Québec first/i, instead: 'rien : la consigne est « wire » dans content/site.md, affichée par le site', except: ['content/site.md', 'content/en/site.md'] },
];

function contentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? contentFiles(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : [],
  );
}

/** Every retired word in a text, as « file:line « word » → what to write instead ». */
function retiredWordsIn(file: string, text: string): string[] {
  const lang = file.startsWith('content/en/') ? 'en' : 'fr';
  const rules = RETIRED.filter((rule) => (rule.lang ?? lang) === lang && !rule.except?.includes(file));
  return text.split('\n').flatMap((line, i) =>
    rules.flatMap(({ word, instead }) => {
      const found = line.match(word);
      return found ? [`${file}:${i + 1} « ${found[0]} » → ${instead}`] : [];
    }),
  );
}

describe('retired words stay out of the copy', () => {
  it('finds none in any file under content/', () => {
    const files = contentFiles(CONTENT_UNDER_CHECK);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((path) => retiredWordsIn(join('content', relative(CONTENT_UNDER_CHECK, path)), readFileSync(path, 'utf8')));
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
    expect(retiredWordsIn('content/cities/hull.md', 'answer: "Un petit arbre coûte environ 300 $. Nous répondons 24/7, assurés pour 2 M$."')).toEqual([
      'content/cities/hull.md:1 « coûte environ 300 » → le prix commence à (part d’) environ 300 $ : c’est un prix de départ',
      'content/cities/hull.md:1 « 2 M$ » → 2 millions de dollars (une seule forme du montant)',
      'content/cities/hull.md:1 « répondons 24/7 » → jour et nuit (« 24/7 » reste un libellé : titres, badges, « Urgence 24/7 »)',
    ]);
    expect(retiredWordsIn('content/pages/city.md', 'title: "Des travaux sécuritaires et conformes à {city}"')).toHaveLength(1);
    expect(retiredWordsIn('content/en/pages/home.md', 'cta: "Get my free estimate: Québec’s best, 24 hours a day"')).toEqual([
      'content/en/pages/home.md:1 « 24 hours a day » → day and night (“24/7” stays a label: titles, badges, hours)',
      'content/en/pages/home.md:1 « Québec » → Quebec (the English spelling; Hydro-Québec keeps its name)',
      'content/en/pages/home.md:1 « my free estimate » → Get a free quote (the English button)',
    ]);
    expect(retiredWordsIn('content/pages/home.md', 'text: "Au Québec, restez à 10 m des fils et appelez le 911."')).toHaveLength(1);
    expect(retiredWordsIn('content/site.md', 'text: "Restez à au moins 10 m de l’arbre et des fils, appelez le 911"')).toEqual([]);
    // A certification is claimed with its name on the same line, or not at all.
    expect(retiredWordsIn('content/pages/home.md', 'title: "Des équipes certifiées et assurées"')).toEqual([
      'content/pages/home.md:1 « équipes certifiées » → le titre de {credential} (la certification nommée, écrite une fois dans content/site.md)',
    ]);
    expect(retiredWordsIn('content/en/pages/home.md', 'subtitle: "by certified, insured crews"')).toHaveLength(1);
    expect(retiredWordsIn('content/pages/about.md', 'text: "Nos équipes certifiées : chaque chef détient le titre de {credential}."')).toEqual([]);
    expect(retiredWordsIn('content/pages/about.md', 'text: "L\'équipe, l’arbre"')).toEqual([
      'content/pages/about.md:1 « L\' » → ’ (apostrophe typographique, partout dans content/)',
    ]);
  });
});
