/**
 * The lists of `npm run build`'s summary, as text. Each stays a few lines at 4,000 pages: the
 * count, then the first few names (src/shared/named-list.ts). Pure: run-build.ts prints.
 */
import { type Diagnostic, diagnosticLine } from '../shared/diagnostic.ts';
import { firstLines, namedList } from '../shared/named-list.ts';

/** Warnings listed one per line before the rest is counted: each names its own file and line. */
export const WARNINGS_SHOWN = 10;

/** `En anglais : 40 pages sous /en/ ; 1000 fichiers en français seulement (frenchOnly) : a, b… et 995 autres.` */
export function englishLine(english: number, frenchOnly: readonly string[]): string {
  const files = frenchOnly.length === 1 ? '1 fichier' : `${frenchOnly.length} fichiers`;
  return `En anglais : ${english} pages sous /en/${frenchOnly.length > 0 ? ` ; ${files} en français seulement (frenchOnly) : ${namedList(frenchOnly)}` : ''}.`;
}

/** The « À revoir » block: the count, the first warnings, then how many more. */
export function warningsBlock(warnings: readonly Diagnostic[]): string {
  return `À revoir (${warnings.length}) :\n${firstLines(warnings.map(diagnosticLine), WARNINGS_SHOWN).join('\n')}`;
}
