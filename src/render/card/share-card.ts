import type { Site } from '../../content/types.ts';
import { CARDS_URL } from '../../shared/asset-names.ts';
import { contentHash } from '../../shared/hash.ts';
import type { CardFacts } from '../../shared/card/card-facts.ts';
import type { PageRef } from '../../site/routes.ts';

/** A page's share card: where it is served, what it shows, and its text alternative. */
export interface ShareCard {
  /** `/cartes/<page>-<hash>.png`, the hash made of the facts and the design. */
  path: string;
  facts: CardFacts;
  alt: string;
}

/**
 * The card of a page, decided before anything is drawn: the head names it while the page
 * renders; the card is drawn later, by the host on its first request or by a build for a host
 * without code (docs/build-and-cache.md « Les cartes de partage »). Its URL is a hash of its inputs (the
 * facts, and `design`, the fingerprint of the drawing code and its font), so a card is never
 * drawn twice and a file under a name never changes. An alias renders as its page, with its
 * primary address: it names the same card.
 */
export function shareCard(page: PageRef, canonical: string, headTitle: string, site: Pick<Site, 'name' | 'phone' | 'tagline'>, design: string): ShareCard {
  const facts: CardFacts = { title: withoutCompany(headTitle, site.name), line: lineOf(page, site), company: site.name, phone: site.phone };
  const hash = contentHash(`${design}\0${JSON.stringify(facts)}`, 12);
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
