import { createHash } from 'node:crypto';
import type { Site } from '../../content/types.ts';
import { CARDS_URL } from '../../shared/asset-names.ts';
import type { PageRef } from '../../site/routes.ts';

/** A share card's size: what Facebook, Messenger, LinkedIn and X show large. */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** Everything a share card shows: its image is a pure function of these and of the card's design. */
export interface CardFacts {
  title: string;
  /** The page's city or service; the company's tagline on the other pages. */
  line: string;
  company: string;
  phone: string;
}

/** A page's share card: where it is served, what it shows, and its text alternative. */
export interface ShareCard {
  /** `/cartes/<page>-<hash>.png`, the hash made of the facts and the design. */
  path: string;
  facts: CardFacts;
  alt: string;
}

/**
 * The card of a page, decided before anything is drawn: the head names it while the page
 * renders, and the engine draws only the cards it lacks. Its URL is a hash of its inputs (the
 * facts, and `design`, the fingerprint of the drawing code and its font), so a card is never
 * drawn twice and a file under a name never changes. An alias renders as its page, with its
 * primary address: it names the same card.
 */
export function shareCard(page: PageRef, canonical: string, headTitle: string, site: Pick<Site, 'name' | 'phone' | 'tagline'>, design: string): ShareCard {
  const facts: CardFacts = { title: withoutCompany(headTitle, site.name), line: lineOf(page, site), company: site.name, phone: site.phone };
  const hash = createHash('sha256').update(design).update('\0').update(JSON.stringify(facts)).digest('base64url').slice(0, 12).replace(/[-_]/g, 'x');
  return { path: `${CARDS_URL}${slugOf(canonical)}-${hash}.png`, facts, alt: `${facts.title} — ${facts.company}, ${facts.phone}` };
}

/** The head's title ends with « | company », which the card shows on its own. */
function withoutCompany(title: string, company: string): string {
  const suffix = ` | ${company}`;
  return title.endsWith(suffix) ? title.slice(0, -suffix.length).trim() : title;
}

function lineOf(page: PageRef, site: Pick<Site, 'tagline'>): string {
  if (page.template === 'city') return page.city.name;
  if (page.template === 'service') return page.service.name;
  return site.tagline;
}

/** A file name from the page's primary address: `/services/elagage` → `services-elagage`. */
function slugOf(canonical: string): string {
  return canonical.replace(/^\/+|\/+$/g, '').replace(/[^\w-]+/g, '-') || 'accueil';
}
