import { type LinkDiagnostic, linksReport } from '../shared/diagnostic.ts';

/** A production build whose form would post nowhere: every lead would be lost without a sound. */
export class ProductionWebhookError extends Error {
  override readonly name = 'ProductionWebhookError';
}

export class BrokenLinksError extends Error {
  constructor(readonly broken: LinkDiagnostic[]) {
    super(linksReport(broken));
    this.name = 'BrokenLinksError';
  }
}
