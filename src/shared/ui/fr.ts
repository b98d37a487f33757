import { quoteFr } from './quote-fr.ts';

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/**
 * The service's name as the object of « En savoir plus sur … »: « l’abattage d’arbres », « l’élagage »,
 * « le dessouchage », « le service d’urgence ». Our service names are masculine nouns (-age).
 */
function withArticle(name: string): string {
  const lower = name.toLocaleLowerCase('fr-CA');
  if (lower.startsWith('urgence')) return 'le service d’urgence';
  return /^[aeiouyàâéèêëîïôû]/.test(lower) ? `l’${lower}` : `le ${lower}`;
}

/**
 * Every fixed text of the templates, in French: the fixed wording, word for word (navigation,
 * breadcrumb, buttons, the form). The source of the table's shape: the English table is typed
 * from it (src/shared/ui/en.ts). Texts the owner may change are in content/, not here.
 */
export const fr = {
  skipLink: 'Aller au contenu principal',
  quickCall: 'Appel rapide',
  callNow: 'Appeler maintenant',
  topBar: {
    label: 'Heures et coordonnées',
    open: 'Ouvert 24 h/24, 7 j/7',
    /** What « open 24/7 » measures: the emergency line, not the office hours. */
    openFor: 'pour les urgences',
    extra: '· Estimation gratuite · Intervention rapide',
  },
  nav: {
    label: 'Navigation principale',
    services: 'Services',
    zones: 'Zones desservies',
    about: 'À propos',
    contact: 'Contact',
    menu: 'Menu',
    mobileLabel: 'Menu mobile',
  },
  /** The language link names the other language in that language (its `lang` says so). */
  language: { label: 'English' },
  cta: { quote: 'Demander un devis gratuit', quoteShort: 'Devis gratuit', call: 'Appeler le', learnMore: 'En savoir plus' },
  breadcrumb: { label: 'Fil d’Ariane', home: 'Accueil' },
  footer: {
    services: 'Services',
    zones: 'Zones desservies',
    allZones: 'Voir toutes les zones →',
    info: 'Information',
    emergency: 'Urgence 24/7',
    privacy: 'Politique de confidentialité',
    rights: 'Tous droits réservés.',
  },
  home: { promises: 'Nos engagements', stars: (n: number) => `${n} étoiles sur 5` },
  services: { list: 'Nos quatre services', learnMoreAbout: (name: string) => `En savoir plus sur ${withArticle(name)}` },
  service: { allZones: 'Voir toutes nos zones desservies →', faq: 'Questions fréquentes' },
  zones: { learnMoreHidden: (city: string) => ` sur nos services à ${city}` },
  city: {
    heroTitle: (city: string) => `Abattage d’arbres à ${city}`,
    intro: (city: string) => `Présentation : ${city}`,
    learnMoreHidden: (title: string) => ` : ${title}`,
  },
  about: { section: 'Notre entreprise' },
  contact: { section: 'Nous joindre et demander un devis', reach: 'Nous joindre', phone: 'Téléphone', email: 'Courriel' },
  privacy: {
    section: 'Notre politique',
    officer: 'Personne responsable',
    processor: 'Service qui reçoit vos demandes',
    retention: 'Durée de conservation',
    relayCopy: 'Copie gardée par le site',
    days: 'jours, puis détruite',
    tracking: 'Témoins et statistiques',
    none: 'Aucun',
    updatedSection: 'Mise à jour',
    updated: 'Dernière mise à jour : ',
    /** `2026-11-24` as French writes it, without the runtime's locale data (Node's and browsers' differ). */
    date: (iso: string) => {
      const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
      return `${day === 1 ? '1er' : day} ${MONTHS[month - 1]} ${year}`;
    },
  },
  notFound: { error: 'Erreur 404 : ' },
  /** The last link of a list of names: « Hydro Ottawa ou Hydro One ». */
  or: 'ou',
  quoteBlock: {
    noscriptBefore: 'Le formulaire a besoin de JavaScript. Appelez-nous directement au ',
    noscriptAfter: ' : nous prenons votre demande au téléphone.',
    fallbackBefore: 'Votre demande n’est pas partie : la connexion semble interrompue. Appelez-nous au ',
    fallbackAfter: ' ; ce que vous avez écrit reste ici, et vous pourrez réessayer l’envoi dans un instant.',
    privacyLink: 'Notre politique de confidentialité',
    privacyAfter: ' dit qui les reçoit, combien de temps nous les gardons et comment exercer vos droits.',
  },
  quote: quoteFr,
  jsonLd: { catalog: 'Services d’entretien d’arbres' },
} as const;
