import { optionLabel, type QuoteOptions } from '../shared/quote/quote-options.ts';
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

/**
 * The city and the service as the visitor picked them, by their labels in the form's lists (the
 * lead keeps the values the webhook receives, `lage-gardien`); the values themselves when
 * /contact could not be read.
 */
function labels(p: QuotePayload, options: QuoteOptions | undefined): { city: string; service: string } {
  return { city: optionLabel(options?.cities, p.city), service: optionLabel(options?.services, p.service) };
}

/** One line per lead, to call back from a phone: urgency, name, city, phone. */
export function leadLine(l: WaitingLead, options?: QuoteOptions): string {
  const p = l.payload;
  return `${l.suspect ? SUSPECT : ''}${p.urgencyLabel} · ${p.name} · ${labels(p, options).city} · ${p.phone} (reçue le ${quebecTime(l.receivedAt)})`;
}

/**
 * The owner's copy of one new lead: every field, the urgency first in the subject so an emergency
 * stands out in the inbox, and `Reply-To` the visitor's address when they gave one, so "Reply"
 * answers them. A suspect lead (hidden field filled) says so in its subject. `options`: the
 * form's lists, for the labels.
 */
export function leadMail(l: WaitingLead, from: string, to: string, now: number, options?: QuoteOptions): Mail {
  const p = l.payload;
  const { city, service } = labels(p, options);
  const text = [
    `${p.urgencyLabel} — nouvelle demande de devis`,
    '',
    `Nom : ${p.name}`,
    `Téléphone : ${p.phone}`,
    `Courriel : ${p.email || '(non donné)'}`,
    `Ville : ${city}`,
    `Service : ${service}`,
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
    subject: `${l.suspect ? SUSPECT : ''}${p.urgencyLabel} — Demande de devis : ${p.name}, ${city} (${service})`,
    text,
    now,
    ...(p.email ? { replyTo: p.email } : {}),
  };
}
