/** The business's phone and e-mail as they appear in copy, and where each one links. */
export interface Contacts {
  phone: string;
  /** E.164 number, e.g. +18195550142. */
  tel: string;
  email: string;
}

export interface TextPiece {
  text: string;
  href?: string;
}

/**
 * Cuts copy around every occurrence of the phone number and e-mail so each becomes a link:
 * the phone is a tap-to-call link wherever it appears. Pure: shared by the Markdown
 * pipeline and the React templates and islands.
 */
export function contactPieces(text: string, contacts: Contacts): TextPiece[] {
  const { phone, tel, email } = contacts;
  if (!text.includes(phone) && !text.includes(email)) return [{ text }];
  return text
    .split(patternFor(contacts))
    .filter((part) => part !== '')
    .map((part) => {
      if (part === phone) return { text: part, href: `tel:${tel}` };
      if (part === email) return { text: part, href: `mailto:${email}` };
      return { text: part };
    });
}

/** Built once per contacts object: a build splits tens of thousands of strings. */
const patterns = new WeakMap<Contacts, RegExp>();
function patternFor(contacts: Contacts): RegExp {
  let pattern = patterns.get(contacts);
  if (!pattern) patterns.set(contacts, (pattern = new RegExp(`(${escapeRegExp(contacts.phone)}|${escapeRegExp(contacts.email)})`)));
  return pattern;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A North American number as `tel:` links and structured data want it (E.164): `819 555-0142` → `+18195550142`. */
export function telOf(phone: string): string {
  return `+1${phone.replace(/\D/g, '')}`;
}
