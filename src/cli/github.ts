/**
 * What the build tells GitHub Actions when it runs there (`GITHUB_ACTIONS=true`): each content
 * error and broken link as a workflow command, so the pull request shows it on the line that
 * caused it, and a Markdown job summary for `$GITHUB_STEP_SUMMARY`. Pure: the caller prints.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { type Diagnostic, diagnosticPlace, diagnosticText, MAX_LINES } from '../shared/diagnostic.ts';
import { firstLines } from '../shared/named-list.ts';

export type CommandKind = 'error' | 'warning' | 'notice';

export interface CommandProperties {
  file?: string | undefined;
  line?: number | undefined;
  col?: number | undefined;
  title?: string | undefined;
}

/** GitHub's escaping for a command's message (see actions/toolkit, core/src/command.ts). */
export function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value also ends at `,` and its name at `:`: both are escaped too. */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error file=…,line=…,col=…,title=…::message`, properties in that order, absent ones left out. */
export function workflowCommand(kind: CommandKind, message: string, properties: CommandProperties = {}): string {
  const props = (['file', 'line', 'col', 'title'] as const)
    .filter((key) => properties[key] !== undefined && properties[key] !== '')
    .map((key) => `${key}=${escapeProperty(String(properties[key]))}`);
  return `::${kind}${props.length ? ` ${props.join(',')}` : ''}::${escapeData(message)}`;
}

/** GitHub's title of an annotation: what kind of problem sits on the line. */
const TITLES = { content: 'Contenu invalide', code: 'Code invalide', link: 'Lien interne brisé', launch: 'À remplacer avant la mise en ligne' } as const;

/** A diagnostic as one `::error` command: the pull request shows it on its file and line. */
export function annotation(d: Diagnostic): string {
  const message = d.kind === 'link' ? diagnosticText(d) : d.field ? `${d.field} : ${d.message}` : d.message;
  return workflowCommand('error', message, { file: d.file, line: d.line, col: d.column, title: TITLES[d.kind ?? 'content'] });
}

/** Bytes of one kind of file, as stored and as sent compressed (brotli). */
export interface Weight {
  raw: number;
  compressed: number;
}

/** What one kind of page makes a visitor download. */
export interface PageKindWeight {
  kind: string;
  html: Weight;
  css: Weight;
  js: Weight;
}

/** The weight of files sent together (e.g. a page's scripts), compressed one by one as a CDN does. */
export function weigh(bodies: Iterable<string | Uint8Array>): Weight {
  const total = { raw: 0, compressed: 0 };
  for (const body of bodies) {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    total.raw += bytes.length;
    total.compressed += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return total;
}

export interface SummaryInput {
  pages: number;
  /** Pages rendered by this build, and taken as they were from the cache or the last dist/. */
  rendered?: number;
  reused?: number;
  /** Share cards drawn by this build (none when CI restored the cache). */
  cards?: number;
  aliases: number;
  ms: number;
  webhook: { url: string; source: string };
  weights: readonly PageKindWeight[];
  /** What is still to replace before going live. */
  checklist?: readonly Diagnostic[];
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1).replace('.', ',')} Kio`;
const weight = (w: Weight) => `${kib(w.raw)} (${kib(w.compressed)})`;
/** A value inside a Markdown table cell or inline code must not end the cell or the span. */
const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
const code = (text: string) => `<code>${cell(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</code>`;

/** The Markdown job summary of one build. */
export function jobSummary({ pages, aliases, ms, webhook, weights, checklist = [], rendered, reused, cards }: SummaryInput): string {
  const lines = [
    '## Construction du site',
    '',
    '| | |',
    '|---|---|',
    `| Pages | ${pages} (dont ${aliases} alias) |`,
    `| Durée | ${Math.round(ms)} ms |`,
    ...(rendered !== undefined ? [`| Rendues / reprises du cache | ${rendered} / ${reused ?? 0} |`] : []),
    ...(cards !== undefined ? [`| Cartes de partage dessinées | ${cards} |`] : []),
    `| Formulaire de devis → | ${code(webhook.url)} (source : ${cell(webhook.source)}) |`,
  ];
  if (checklist.length > 0) {
    lines.push('', `### Avant la mise en ligne (${checklist.length} à remplacer)`, '', 'La construction de production refuse ces valeurs d’exemple.', '');
    lines.push(...firstLines(checklist.map((d) => `${code(diagnosticPlace(d))} ${cell(diagnosticText(d))}`), MAX_LINES, '- '));
  }
  if (weights.length > 0) {
    lines.push(
      '',
      '### Poids par type de page',
      '',
      'Brut (compressé brotli).',
      '',
      '| type de page | HTML | CSS | JS | total |',
      '|---|---:|---:|---:|---:|',
      ...weights.map((w) => {
        const total = { raw: w.html.raw + w.css.raw + w.js.raw, compressed: w.html.compressed + w.css.compressed + w.js.compressed };
        return `| ${cell(w.kind)} | ${weight(w.html)} | ${weight(w.css)} | ${weight(w.js)} | ${weight(total)} |`;
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}
