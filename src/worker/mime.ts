/**
 * A plain-text e-mail as raw MIME, for the `send_email` binding (`EmailMessage` takes the raw
 * message): UTF-8 body, headers with accents encoded as RFC 2047 words.
 */
export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  now: number;
  /** Where the owner's "Reply" goes: the visitor's own address, when they gave one. */
  replyTo?: string;
}

const encodeWord = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(text)))}?=`);

/** No header may carry a line break of its own: a visitor's text never becomes a header. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

export function mime(m: Mail): string {
  const domain = m.from.split('@')[1] ?? 'localhost';
  return [
    `From: ${m.from}`,
    `To: ${m.to}`,
    ...(m.replyTo ? [`Reply-To: ${oneLine(m.replyTo)}`] : []),
    `Subject: ${encodeWord(oneLine(m.subject))}`,
    `Date: ${new Date(m.now).toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${crypto.randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    m.text.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
}

/**
 * Made once per isolate: building a formatter with a time zone is what costs, formatting with it
 * is cheap, and a cron that e-mails eight leads formats sixteen moments under the 10 ms of CPU
 * Workers Free allows.
 */
let quebecFormat: Intl.DateTimeFormat | undefined;

/** A moment as the owner reads it, in Quebec time: « 1 mai à 14 h 05 ». */
export function quebecTime(at: number): string {
  quebecFormat ??= new Intl.DateTimeFormat('fr-CA', { timeZone: 'America/Toronto', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', day: 'numeric', month: 'long' });
  const parts = quebecFormat.formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')} ${get('month')} à ${get('hour')} h ${get('minute')}`;
}
