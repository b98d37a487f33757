/**
 * npm run mailbox — the owner's simulated mailbox: every e-mail the local Worker (`npm run worker`)
 * sent, one per new lead and each alert, newest last, with its file (an .eml any mail program opens).
 *
 *   npm run mailbox                  the list
 *   npm run mailbox -- --dir DIR     another mailbox folder
 */
import { parseArgs } from 'node:util';
import { MAILBOX_DIR, mailboxListing, readMailbox } from './lib/mailbox.ts';

const { values } = parseArgs({ options: { dir: { type: 'string', default: MAILBOX_DIR } } });
console.log(mailboxListing(readMailbox(values.dir), values.dir));
