import type { QuotePayload } from '../shared/quote/quote-schema.ts';
import { type Mail, quebecTime } from './mime.ts';

/** A lead as the owner's e-mails show it. */
export interface WaitingLead {
  id: string;
  payload: QuotePayload;
  receivedAt: number;
  suspect: boolean;
}

const SUSPECT = '[à vérifier] ';

/** One line per lead, to call back from a phone: urgency, name, city, phone. */
export function leadLine(l: WaitingLead): string {
  const p = l.payload;
  return `${l.suspect ? SUSPECT : ''}${p.urgencyLabel} · ${p.name} · ${p.city} · ${p.phone} (reçue le ${quebecTime(l.receivedAt)})`;
}

/**
 * The owner's copy of one new lead: every field, the urgency first in the subject so an emergency
 * stands out in the inbox, and `Reply-To` the visitor's address when they gave one, so "Reply"
 * answers them. A suspect lead (hidden field filled) says so in its subject.
 */
export function leadMail(l: WaitingLead, from: string, to: string, now: number): Mail {
  const p = l.payload;
  const text = [
    `${p.urgencyLabel} — nouvelle demande de devis`,
    '',
    `Nom : ${p.name}`,
    `Téléphone : ${p.phone}`,
    `Courriel : ${p.email || '(non donné)'}`,
    `Ville : ${p.city}`,
    `Service : ${p.service}`,
    `Urgence : ${p.urgencyLabel}`,
    `Message : ${p.message || '(aucun)'}`,
    '',
    `Envoyée le ${quebecTime(Date.parse(p.timestamp))}, reçue le ${quebecTime(l.receivedAt)}. Identifiant : ${l.id}`,
    ...(l.suspect ? ['', 'Le champ caché du formulaire était rempli : souvent un robot, parfois l’autoremplissage d’un navigateur. Vérifiez avant de rappeler.'] : []),
    ...(p.email ? ['', 'Répondre à ce courriel écrit directement au client.'] : []),
  ].join('\n');
  return {
    from,
    to,
    subject: `${l.suspect ? SUSPECT : ''}${p.urgencyLabel} — Demande de devis : ${p.name}, ${p.city} (${p.service})`,
    text,
    now,
    ...(p.email ? { replyTo: p.email } : {}),
  };
}
