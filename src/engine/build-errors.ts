import { linkSource, type LocatedBrokenLink } from './link-sources.ts';

/** A production build whose form would post nowhere: every lead would be lost without a sound. */
export class ProductionWebhookError extends Error {
  override readonly name = 'ProductionWebhookError';
}

export class BrokenLinksError extends Error {
  constructor(readonly broken: LocatedBrokenLink[]) {
    super(`Liens internes brisés (${broken.length}) :\n${broken.map((b) => `  ${b.page} → ${b.target} (${linkSource(b)})`).join('\n')}`);
    this.name = 'BrokenLinksError';
  }
}
