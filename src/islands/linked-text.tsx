import { type Contacts, contactPieces } from '../shared/contact-links.ts';

/** Copy in which the business's phone number and e-mail are links (the phone is always tap-to-call). */
export function LinkedText({ text, contacts }: { text: string; contacts: Contacts }) {
  return contactPieces(text, contacts).map((piece, i) =>
    piece.href ? (
      <a key={i} href={piece.href}>
        {piece.text}
      </a>
    ) : (
      piece.text
    ),
  );
}
