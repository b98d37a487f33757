/**
 * A problem at a place, as the build and the live preview report it: a content field that breaks
 * a rule, a line of code that does not compile, an internal link to nothing. One shape for all,
 * so the terminal, GitHub's annotations (src/cli/github.ts) and the preview's overlay
 * (src/dev/client.ts) point at the same place and say the same thing. Pure: the preview's page
 * script imports it.
 */
import { firstLines, namedList } from './named-list.ts';

/** Where: line and column 1-based, as editors and GitHub count them; the file alone when the line is unknown. */
export interface Place {
  file?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
}

/** A rule broken at a place: a field of a content file or a line of `_headers` (no kind), a line of the site's code. */
export interface RuleDiagnostic extends Place {
  /** None for content and `_headers`; `code` for the site's code; `launch` for a value to replace before going live. */
  kind?: 'code' | 'launch';
  /** What breaks it: a field path as the editor reads it (`faq[2].answer`), `code`; empty for the file as a whole. */
  field?: string;
  message: string;
}

/**
 * An internal link that points at nothing; its place is where an editor wrote it, absent when a
 * template made it. Each output words it from its page and target, so those stay data.
 */
export interface LinkDiagnostic extends Place {
  kind: 'link';
  /** The pages that hold the link, by their address (`/abattage-hull`, `/sitemap.xml`): one line written once may break many. */
  pages: string[];
  /** The address, as the page writes it. */
  target: string;
  /** The site's addresses closest to the target, for a link an editor wrote; none when nothing is near. */
  near?: string[];
}

export type Diagnostic = RuleDiagnostic | LinkDiagnostic;

const MADE_BY_TEMPLATE = 'écrit par un gabarit : aucun fichier de contenu ne contient cette adresse';

/** `file:line:col`, what terminals and editors make clickable; the file alone when the line is unknown. */
export function diagnosticPlace(d: Diagnostic): string {
  if (d.file) return d.line ? `${d.file}:${d.line}:${d.column ?? 1}` : d.file;
  if (d.kind === 'link') return MADE_BY_TEMPLATE;
  // The compiler failed without naming a line: the site's code as a whole.
  return d.kind === 'code' ? 'code' : '';
}

/** What is wrong there, as it follows the place: `field : message`. */
export function diagnosticText(d: Diagnostic): string {
  if (d.kind === 'link') return linkText(d);
  return `${d.field || '(fichier)'} : ${d.message}`;
}

/** Lists of pages stop here: a footer link breaks every page of the site. */
const PAGES_NAMED = 3;

function linkText(d: LinkDiagnostic): string {
  const pages = d.pages.length === 1 ? `la page ${d.pages[0]}` : `les pages ${namedList(d.pages, PAGES_NAMED)}`;
  const fix = d.near?.length
    ? `vouliez-vous dire ${d.near.map((a) => `« ${a} »`).join(' ou ')} ?`
    : d.file
      ? 'aucune adresse du site n’en est proche : corrigez-la ou retirez le lien'
      : 'corrigez le gabarit qui l’écrit';
  return `lien « ${d.target} » sur ${pages} : aucune page à cette adresse ; ${fix}`;
}

/** One problem on one line, as the terminal prints content and code errors and the overlay lists each: `place › field : message`. */
export function diagnosticLine(d: Diagnostic): string {
  return `${diagnosticPlace(d)} › ${diagnosticText(d)}`;
}

export function problemCount(count: number): string {
  return count === 1 ? '1 problème' : `${count} problèmes`;
}

/** Lines shown before the rest is summed up: a generated folder can hold thousands of errors. */
export const MAX_LINES = 50;

/** A titled block for the terminal: a count, then one line per problem, the first 50. */
function report(title: string, count: string, diagnostics: readonly Diagnostic[]): string {
  return `${title} (${count}) :\n${firstLines(diagnostics.map(diagnosticLine), MAX_LINES).join('\n')}`;
}

/** The terminal's block for invalid content. */
export function contentReport(diagnostics: readonly Diagnostic[]): string {
  return report('Contenu invalide', problemCount(diagnostics.length), diagnostics);
}

/** The terminal's block for the values still to replace before the site goes live (docs/deploy.md « Déployer »). */
export function launchReport(diagnostics: readonly Diagnostic[]): string {
  return report('Avant la mise en ligne', `${diagnostics.length} à remplacer`, diagnostics);
}

/** The terminal's block for broken links: where each was written, the pages it breaks, what to write instead. */
export function linksReport(links: readonly LinkDiagnostic[]): string {
  return report('Liens internes brisés', String(links.length), links);
}
