import type { Site } from '../../content/types.ts';
import type { SharedContent, SiteContents } from '../../site/site-content.ts';
import type { PhotoManifest } from '../../shared/photos.ts';
import type { Assets, SiteData, SiteDataSet } from '../../render/parts/site-context.tsx';

/** The address the quote form posts to, and where that address was set. */
export interface Webhook {
  url: string;
  source: 'QUOTE_WEBHOOK_URL' | 'content/site.md';
}

/** The environment's webhook (QUOTE_WEBHOOK_URL) over site.md's. */
export function chooseWebhook(override: string | undefined, site: Site): Webhook {
  return override ? { url: override, source: 'QUOTE_WEBHOOK_URL' } : { url: site.quoteWebhook, source: 'content/site.md' };
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
    cardDesign,
    photos,
  };
}
