import type { Site } from '../../content/types.ts';
import { RELAY_PATH } from '../../shared/quote/lead-id.ts';
import type { QuoteMode } from '../../shared/quote/quote-schema.ts';
import type { SharedContent, SiteContents } from '../../site/site-content.ts';
import type { PhotoManifest } from '../../shared/photos.ts';
import type { Assets, SiteData, SiteDataSet } from '../../render/site-data.ts';

/** The address the quote form posts to, where that address was set, and how the form sends. */
export interface Webhook {
  url: string;
  source: 'QUOTE_WEBHOOK_URL' | 'content/site.md';
  delivery: QuoteMode;
}

/**
 * The environment's webhook (QUOTE_WEBHOOK_URL) over site.md's, and the mode (QUOTE_DELIVERY over
 * `quoteDelivery`). In relay mode the page posts to the site's own /api/quote: the webhook's
 * address is the Worker's secret, in no page.
 */
export function chooseWebhook(override: string | undefined, site: Site, deliveryOverride?: QuoteMode): Webhook {
  const delivery = deliveryOverride ?? site.quoteDelivery ?? 'no-cors';
  if (delivery === 'relay') return { url: RELAY_PATH, source: 'content/site.md', delivery };
  return override ? { url: override, source: 'QUOTE_WEBHOOK_URL', delivery } : { url: site.quoteWebhook, source: 'content/site.md', delivery };
}

/**
 * What every page of each language is rendered with, besides its own content. `cardDesign`: the
 * fingerprint of the share cards' drawing code, part of each card's name. `photos`: what the
 * build found of each photo the content names; part of every page's key, so a changed photo
 * renders its pages again.
 */
export function shareSiteData(contents: SiteContents, assets: Assets, now: Date | undefined, webhook: Webhook, cardDesign: string, photos: PhotoManifest = {}): SiteDataSet {
  const fr = localeData(contents.fr, assets, now, webhook, cardDesign, photos);
  return contents.en ? { fr, en: localeData(contents.en, assets, now, webhook, cardDesign, photos) } : { fr };
}

function localeData(content: SharedContent, assets: Assets, now: Date | undefined, webhook: Webhook, cardDesign: string, photos: PhotoManifest): SiteData {
  return {
    ...content,
    featuredCities: content.cities.filter((c) => c.featured),
    assets,
    buildYear: (now ?? new Date()).getFullYear(),
    quoteWebhook: webhook.url,
    quoteDelivery: webhook.delivery,
    cardDesign,
    photos,
  };
}
