import { launchReport, type LinkDiagnostic, linksReport, type RuleDiagnostic } from '../shared/diagnostic.ts';

/**
 * A production build that would publish example values: a phone that rings nowhere, addresses on
 * domains kept for examples, sample testimonials, a form posting nowhere (every lead lost without a sound).
 */
export class LaunchChecklistError extends Error {
  override readonly name = 'LaunchChecklistError';
  constructor(readonly diagnostics: RuleDiagnostic[]) {
    super(`${launchReport(diagnostics)}\nLa construction de production refuse les valeurs d’exemple : remplacez chacune par la vraie (docs/deploy.md « Déployer »).`);
  }
}

export class BrokenLinksError extends Error {
  constructor(readonly broken: LinkDiagnostic[]) {
    super(linksReport(broken));
    this.name = 'BrokenLinksError';
  }
}
