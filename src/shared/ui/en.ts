import type { fr } from './fr.ts';
import { quoteEn } from './quote-en.ts';
import type { Widen } from './widen.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Every fixed text of the templates in English, typed from the French table: a missing or extra key does not compile. */
export const en: Widen<typeof fr> = {
  skipLink: 'Skip to main content',
  quickCall: 'Quick call',
  callNow: 'Call now',
  topBar: {
    label: 'Hours and contact',
    open: 'Open 24/7',
    openFor: 'for emergencies',
    extra: '· Free estimate · Fast response',
  },
  nav: {
    label: 'Main navigation',
    services: 'Services',
    zones: 'Service areas',
    about: 'About',
    contact: 'Contact',
    menu: 'Menu',
    mobileLabel: 'Mobile menu',
  },
  language: { label: 'Français' },
  cta: { quote: 'Get a free quote', quoteShort: 'Free quote', call: 'Call', learnMore: 'Learn more' },
  breadcrumb: { label: 'Breadcrumb', home: 'Home' },
  footer: {
    services: 'Services',
    zones: 'Service areas',
    allZones: 'See all service areas →',
    info: 'Information',
    emergency: '24/7 emergency',
    privacy: 'Privacy policy',
    rights: 'All rights reserved.',
  },
  home: { promises: 'Our commitments', stars: (n) => `${n} out of 5 stars` },
  services: { list: 'Our four services', learnMoreAbout: (name) => `Learn more about ${name.toLocaleLowerCase('en-CA')}` },
  service: { allZones: 'See all our service areas →', faq: 'Frequently asked questions' },
  zones: { learnMoreHidden: (city) => ` about our services in ${city}` },
  city: {
    heroTitle: (city) => `Tree removal in ${city}`,
    intro: (city) => `About ${city}`,
    learnMoreHidden: (title) => `: ${title}`,
  },
  about: { section: 'Our company' },
  contact: { section: 'Reach us and request a quote', reach: 'Reach us', phone: 'Phone', email: 'Email' },
  privacy: {
    section: 'Our policy',
    officer: 'Person in charge',
    processor: 'Service that receives your requests',
    retention: 'How long we keep it',
    relayCopy: 'Copy kept by the site',
    days: 'days, then destroyed',
    tracking: 'Cookies and analytics',
    none: 'None',
    updatedSection: 'Last update',
    updated: 'Last updated: ',
    date: (iso) => {
      const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
      return `${MONTHS[month - 1]} ${day}, ${year}`;
    },
  },
  notFound: { error: 'Error 404: ' },
  or: 'or',
  quoteBlock: {
    noscriptBefore: 'The form needs JavaScript. Call us directly at ',
    noscriptAfter: ': we will take your request over the phone.',
    fallbackBefore: 'Your request was not sent: the connection seems to be down. Call us at ',
    fallbackAfter: '; what you wrote stays here, and you can try sending it again in a moment.',
    privacyLink: 'Our privacy policy',
    privacyAfter: ' says who receives this information, how long we keep it and how to exercise your rights.',
  },
  quote: quoteEn,
  jsonLd: { catalog: 'Tree care services' },
};
