import { citySlug } from './city-slug.ts';

/**
 * A new city file that builds as it is: every field the schema wants, in plain Québec French
 * that names the city, each block introduced by a comment telling the editor what to make
 * particular. `order` comes after the existing cities; `geo` starts at the business's address.
 */
type Quote = (text: string) => string;

export function newCityFile(name: string, { order, geo }: { order: number; geo: { lat: number; lng: number } }): string {
  const q: Quote = (text) => JSON.stringify(text);
  return `${identity(name, q, order, geo)}${servicesAndReasons(name, q)}${expertiseAndFaq(name, q)}${body(name)}`;
}

/** The zones page's sentence for a new city: the launch checklist knows a city left as written by it. */
export function scaffoldSummary(name: string): string {
  return `À ${name}, nous abattons, élaguons et broyons les souches avec le même soin qu’en ville, des terrains résidentiels aux grands lots boisés.`;
}

function identity(name: string, q: Quote, order: number, geo: { lat: number; lng: number }): string {
  const slug = citySlug(name);
  return `---
# Fiche de ville : ${name}. Chaque texte ci-dessous se lit déjà bien ; remplacez-le par ce qui est
# vrai et propre à ${name} (quartiers, arbres, terrains, règles de la municipalité).
# Le slug suit la règle des liens de ville : ne le changez qu’avec le nom.
slug: ${slug}
name: ${q(name)}
order: ${order}
# true : la ville entre dans les listes courtes (accueil, pages de service, pied de page, formulaire).
featured: false
# Coordonnées du centre de ${name} (celles-ci sont celles de l’entreprise : à remplacer).
geo: { lat: ${geo.lat}, lng: ${geo.lng} }
# Une phrase pour la carte de la page des zones.
summary: ${q(scaffoldSummary(name))}
seo:
  title: ${q(`Abattage d’arbres à ${name} | {name}`)}
  description: ${q(`Abattage, élagage et dessouchage à ${name} : équipes assurées, urgence 24/7, estimation gratuite et sans engagement.`)}
heroSubtitle: ${q(`Abattage, élagage et dessouchage à ${name}, par des arboriculteurs formés et assurés, avec une estimation gratuite sur place.`)}
`;
}

function servicesAndReasons(name: string, q: Quote): string {
  return `# Les quatre services, dans cet ordre : dites ce qui les rend particuliers à ${name}.
services:
  - service: abattage-arbre
    title: ${q(`Abattage d’arbres à ${name}`)}
    text: ${q(`Un arbre mort, malade ou dangereux près de la maison? Nous l’abattons en entier ou par sections, selon l’espace, et laissons le terrain propre.`)}
  - service: elagage
    title: ${q(`Élagage à ${name}`)}
    text: ${q(`Un élagage tous les 3 à 5 ans garde vos arbres en santé et dégage la toiture et les fils. L’hiver, pendant la dormance, est souvent le meilleur moment.`)}
  - service: dessouchage
    title: ${q(`Dessouchage à ${name}`)}
    text: ${q(`Nous broyons la souche jusqu’à 30 cm sous le sol, généralement en 1 à 3 heures par souche, pour que vous puissiez semer ou aménager.`)}
  - service: urgence-24-7
    title: "Urgence 24/7"
    text: ${q(`Arbre tombé ou branche menaçante? Appelez-nous jour et nuit, jours fériés compris : nous mettons les lieux en sécurité, puis dégageons l’arbre.`)}
# Quatre raisons de nous confier vos arbres à ${name}.
reasons:
  - title: "Plus de 15 ans d’expérience"
    text: "Nos arboriculteurs connaissent les essences de la région et les terrains de l’Outaouais."
  - title: "Réponse rapide"
    text: "Après votre demande, nous vous rappelons en 2 à 4 heures en moyenne pour convenir de l’estimation."
  - title: "Estimation gratuite"
    text: "Nous évaluons l’arbre sur place, sans engagement, puis vous recevez une soumission détaillée dans les 24 heures."
  - title: "Terrain propre à notre départ"
    text: "Branches, bois et débris sont ramassés; nous faisons le tour des lieux avec vous avant de partir."
`;
}

function expertiseAndFaq(name: string, q: Quote): string {
  return `expertise:
  title: ${q(`Notre expertise locale à ${name}`)}
  text: ${q(`Chaque terrain de ${name} a ses arbres, ses accès et ses règles. Avant tout abattage, vérifiez auprès de la municipalité si un permis est exigé.`)}
  points: ["Évaluation sur place, gratuite", "Méthode choisie selon l’espace et les accès", "Nettoyage complet à la fin des travaux"]
# Cinq questions que posent les gens de ${name}, avec des réponses vraies.
faq:
  - question: ${q(`Faut-il un permis pour abattre un arbre à ${name}?`)}
    answer: "Cela dépend de la municipalité, de l’arbre et de son emplacement. Vérifiez auprès de la municipalité avant les travaux : nous vous aidons à préparer la demande."
  - question: "Combien coûte l’abattage d’un arbre?"
    answer: "Le prix part d’environ 300 $ pour un petit arbre et peut atteindre plusieurs milliers de dollars pour un très grand. La taille, l’accès et la présence de fils font varier le prix; l’estimation est gratuite."
  - question: "Quand faut-il élaguer?"
    answer: "Pour la plupart des arbres résidentiels, tous les 3 à 5 ans, idéalement l’hiver, pendant la dormance."
  - question: "Combien de temps prend le dessouchage?"
    answer: "Généralement de 1 à 3 heures par souche, broyée jusqu’à 30 cm sous le sol. Un tarif dégressif s’applique à plusieurs souches."
  - question: ${q(`Intervenez-vous en urgence à ${name}?`)}
    answer: "Oui, 24 heures sur 24, 7 jours sur 7. Pour les cas critiques, nous sommes généralement sur place en une heure environ; sinon, nous intervenons dans les 24 heures."
`;
}

function body(name: string): string {
  return `---
${name} mérite des arbres sains et sécuritaires. Décrivez ici, en quelques paragraphes, ce qui est propre à ${name} : ses quartiers, ses essences d’arbres, ses terrains et ce que vous y faites souvent.

Pour une **estimation gratuite**, appelez-nous au {phone} ou écrivez-nous à {email}.
`;
}
