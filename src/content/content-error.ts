import { existsSync, readFileSync } from 'node:fs';
import { locate, parseFieldPath } from './positions.ts';

/** One problem in one content file, phrased for the editor who must fix it. */
export interface ContentIssue {
  file: string;
  /** 1-based, where the problem is in the file, when it is known. */
  line?: number;
  column?: number;
  field: string;
  message: string;
}

export class ContentError extends Error {
  readonly issues: ContentIssue[];
  constructor(issues: ContentIssue[]) {
    const placed = issues.map(placeIssue);
    super(formatIssues(placed));
    this.name = 'ContentError';
    this.issues = placed;
  }
}

/**
 * Rules that span files (a duplicate slug, a dangling service) are found far from the file's
 * text: such an issue gets its line here, from the file, which is read again only then.
 */
function placeIssue(issue: ContentIssue): ContentIssue {
  if (issue.line !== undefined || !issue.field || !existsSync(issue.file)) return issue;
  const at = locate(readFileSync(issue.file, 'utf8')).field(parseFieldPath(issue.field));
  return at ? { ...issue, line: at.line, column: at.column } : issue;
}

/** Lines shown before the rest is summed up: a generated folder can hold thousands of errors. */
const MAX_LINES = 50;

/** `file:line:col`, what terminals and editors make clickable; the file alone when the line is unknown. */
export function issuePlace(issue: Pick<ContentIssue, 'file' | 'line' | 'column'>): string {
  return issue.line ? `${issue.file}:${issue.line}:${issue.column ?? 1}` : issue.file;
}

/** One problem as every message shows it: `place › field : message`. */
export function issueText(place: string, field: string, message: string): string {
  return `${place} › ${field || '(fichier)'} : ${message}`;
}

export function formatIssues(issues: ContentIssue[]): string {
  const lines = issues.slice(0, MAX_LINES).map((i) => `  ${issueText(issuePlace(i), i.field, i.message)}`);
  if (issues.length > MAX_LINES) lines.push(`  … et ${issues.length - MAX_LINES} autres`);
  const count = issues.length === 1 ? '1 problème' : `${issues.length} problèmes`;
  return `Contenu invalide (${count}) :\n${lines.join('\n')}`;
}

/** Formats a zod issue path the way an editor reads YAML: `faq[2].answer`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, '');
}
