import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { escapeControls } from '../../src/server/console-line.ts';
import { ROOT } from './root.ts';

/**
 * The owner's simulated mailbox on this computer: workerd's `send_email` writes each message as an
 * .eml in a temporary folder and logs its path; `npm run worker` and the tests copy each one here,
 * and `npm run mailbox` lists them.
 */
export const MAILBOX_DIR = join(ROOT, '.wrangler', 'mailbox');

/** The .eml path in a log line of the `send_email` binding, if the line has one. */
export function emlPathIn(line: string): string | undefined {
  return /send_email binding called with the following message:\s*(?:Email: )?(\S+\.eml)/.exec(line.replace(/\x1b\[[0-9;]*m/g, ''))?.[1];
}

/** Copies one message into the mailbox, named by arrival so the listing is in order. */
export function keepEmail(eml: string, dir: string = MAILBOX_DIR): string {
  mkdirSync(dir, { recursive: true });
  const kept = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${basename(eml)}`);
  copyFileSync(eml, kept);
  return kept;
}

export interface MailboxEntry {
  file: string;
  date: string;
  from: string;
  to: string;
  replyTo: string;
  subject: string;
}

/** An RFC 2047 word (`=?UTF-8?B?…?=`) back to its text. */
const decodeWords = (value: string) => value.replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

/** A header's value, unfolded and decoded; '' when absent. */
function header(head: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? decodeWords(match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim()) : '';
}

export function readMailbox(dir: string = MAILBOX_DIR): MailboxEntry[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((f) => {
    const head = readFileSync(join(dir, f), 'utf8').split(/\r?\n\r?\n/)[0]!;
    return { file: join(dir, f), date: header(head, 'Date'), from: header(head, 'From'), to: header(head, 'To'), replyTo: header(head, 'Reply-To'), subject: header(head, 'Subject') };
  });
}

/** The listing `npm run mailbox` prints: one line per message, then its file. */
export function mailboxListing(entries: MailboxEntry[], dir: string = MAILBOX_DIR): string {
  if (entries.length === 0) return `Aucun courriel dans ${dir} : ils y arrivent pendant que \`npm run worker\` tourne.`;
  return [
    `${entries.length} courriel(s) dans ${dir} :`,
    // Header values shown with their control characters escaped: a subject cannot drive the terminal.
    ...entries.map((e) => `${escapeControls(e.date)}  ${escapeControls(e.subject)}\n    de ${escapeControls(e.from)} à ${escapeControls(e.to)}${e.replyTo ? `, réponse à ${escapeControls(e.replyTo)}` : ''}\n    ${e.file}`),
  ].join('\n');
}
